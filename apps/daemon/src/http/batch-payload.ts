import { CommandValidationError, type FieldProblem } from '@tickler/core';

/** Path of an item's recipient in the command (`items.3.recipientId`) and in the body (`items.3.userId`). */
const RECIPIENT_PATH = /^(items\.\d+\.)recipientId$/;

/**
 * `POST /v1/notifications/batch` names each item's recipient `userId`, as the reconcile plan
 * does; `SendNotifications` calls it `recipientId`. Items are renamed one way, and the command's
 * validation problems back (`items.3.userId`), so a client reads its own field names. An item
 * that already carries `recipientId` is refused: two names for one value would hide a bug.
 * Anything that is not an object with an `items` array is passed on for the command to reject.
 */
export function batchPayload(type: string, body: unknown): unknown {
  const items = (body as { items?: unknown } | null)?.items;
  if (!Array.isArray(items)) {
    return body;
  }
  const problems: FieldProblem[] = [];
  const renamed = items.map((item: unknown, index) => {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) {
      return item;
    }
    if (Object.hasOwn(item, 'recipientId')) {
      problems.push({ path: `items.${index}.recipientId`, message: 'name the recipient userId' });
    }
    const { userId, ...rest } = item as { userId?: unknown };
    return { ...rest, recipientId: userId };
  });
  if (problems.length > 0) {
    throw new CommandValidationError(type, problems);
  }
  return { ...(body as object), items: renamed };
}

/** The command's validation problems with each item's `recipientId` named `userId` again. */
export function withUserIdPaths(error: CommandValidationError): CommandValidationError {
  return new CommandValidationError(
    error.commandType,
    error.fields.map((f) =>
      RECIPIENT_PATH.test(f.path)
        ? {
            path: f.path.replace(RECIPIENT_PATH, '$1userId'),
            message: f.message.replace(/\brecipientId\b/g, 'userId'),
          }
        : f,
    ),
    error.omitted,
  );
}
