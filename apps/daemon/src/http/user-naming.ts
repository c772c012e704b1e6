import { type Application, CommandValidationError, type FieldProblem } from '@tickler/core';
import { type HttpView } from '@tickler/notifications';

// The one place the HTTP layer translates between its name for the person and the context's.
// The notifications context says `recipientId` (commands, views, events); the HTTP API says
// `userId` (URL paths, the entries of bulk bodies, response bodies). docs/architecture.md,
// "One name for the person", has the rule and its two historical exceptions (a bad path user
// id is reported as `recipientId`; the event stream carries events as the context raises them).

/** Bulk bodies whose entries each name a person: a send batch's `items`, a reconcile plan's `planned`. */
export type PersonList = 'items' | 'planned';

/** An entry's recipient in a command's problem paths (`items.3.recipientId`, `planned.0.recipientId`). */
const ENTRY_RECIPIENT_PATH = /^((?:items|planned)\.\d+\.)recipientId$/;
/** Problems about an entry of a bulk body: their messages use the body's names too. */
const ENTRY_PATH = /^(?:items|planned)\.\d+(?:\.|$)/;

/** The command fields the `{userId}` path segment decides. */
export function recipientFromPath(params: Readonly<Record<string, string>>): {
  recipientId: string;
} {
  return { recipientId: params.userId ?? '' };
}

/**
 * A bulk body with each entry's `userId` renamed `recipientId`. An entry that already carries
 * `recipientId` is refused: two names for one value would hide a bug. Anything that is not an
 * object with an array under `list` is passed on for the command to reject.
 */
export function bulkPayload(type: string, body: unknown, list: PersonList): unknown {
  const entries = (body as Record<string, unknown> | null)?.[list];
  if (!Array.isArray(entries)) {
    return body;
  }
  const problems: FieldProblem[] = [];
  const renamed = entries.map((entry: unknown, index) => {
    if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) {
      return entry;
    }
    if (Object.hasOwn(entry, 'recipientId')) {
      problems.push({ path: `${list}.${index}.recipientId`, message: 'name the recipient userId' });
    }
    const { userId, ...rest } = entry as { userId?: unknown };
    return { ...rest, recipientId: userId };
  });
  if (problems.length > 0) {
    throw new CommandValidationError(type, problems);
  }
  return { ...(body as object), [list]: renamed };
}

/** The command's validation problems with each entry's `recipientId` named `userId` again. */
export function withUserIdPaths(error: CommandValidationError): CommandValidationError {
  return new CommandValidationError(
    error.commandType,
    error.fields.map((f) =>
      ENTRY_PATH.test(f.path)
        ? {
            path: f.path.replace(ENTRY_RECIPIENT_PATH, '$1userId'),
            message: f.message.replace(/\brecipientId\b/g, 'userId'),
          }
        : f,
    ),
    error.omitted,
  );
}

/** Dispatches a bulk body: entries renamed on the way in, validation problems on the way out. */
export async function dispatchBulk(
  app: Application,
  type: string,
  body: unknown,
  list: PersonList,
): Promise<unknown> {
  const payload = bulkPayload(type, body, list);
  try {
    return await app.bus.dispatchPlain(type, payload);
  } catch (error) {
    throw error instanceof CommandValidationError ? withUserIdPaths(error) : error;
  }
}

/** A command's result as the HTTP API writes it: every `recipientId` key named `userId`. */
export function toHttpView<T>(value: T): HttpView<T> {
  if (Array.isArray(value)) {
    return value.map((item: unknown) => toHttpView(item)) as HttpView<T>;
  }
  if (value === null || typeof value !== 'object') {
    return value as HttpView<T>;
  }
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    out[key === 'recipientId' ? 'userId' : key] = toHttpView(field);
  }
  return out as HttpView<T>;
}
