import { shareSessionKeyWithWorker } from '../push/worker-session';

/** One problem the daemon named in a 400: the field and what is wrong with it. */
export interface FieldProblem {
  path: string;
  message: string;
}

/** A non-2xx answer in the daemon's error envelope. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: readonly FieldProblem[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The message for one field (`when`, `title`), when the daemon named it. */
  fieldMessage(field: string): string | undefined {
    return this.fields.find((f) => f.path === field)?.message;
  }
}

/** Where the page keeps its half of the session: storage of this origin (scheme, host, port). */
const SESSION_KEY_ITEM = 'tickler.sessionKey';

/**
 * The page's half of the session (`sessionKey` of `POST /v1/session`), kept in this origin's
 * `localStorage`: a page on another port of the same host cannot read it, while the cookie (the
 * other half) reaches every port.
 */
export const sessionKey = {
  get: (): string | null => window.localStorage.getItem(SESSION_KEY_ITEM),
  set: (key: string): void => {
    window.localStorage.setItem(SESSION_KEY_ITEM, key);
    shareSessionKeyWithWorker(key);
  },
  clear: (): void => {
    window.localStorage.removeItem(SESSION_KEY_ITEM);
    shareSessionKeyWithWorker(null);
  },
};

/** The headers that sign a request in: the session's key (the cookie goes along by itself). */
export function sessionHeaders(): Record<string, string> {
  const key = sessionKey.get();
  return key === null ? {} : { 'x-tickler-session': key };
}

/**
 * Calls the daemon on this origin, signed in by the session: its cookie goes along by itself
 * (same origin) and its key as `X-Tickler-Session`; the page never holds a token. Browsers add
 * `Origin` to every POST/PATCH/DELETE, which the daemon checks against its own (CSRF).
 */
export async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: {
      ...sessionHeaders(),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return readAnswer<T>(response);
}

/** The JSON of a 2xx answer; anything else thrown as an {@link ApiError} from its envelope. */
export async function readAnswer<T>(response: Response): Promise<T> {
  if (response.status === 204) {
    return undefined as T;
  }
  const json = (await response.json().catch(() => ({}))) as {
    error?: { code?: string; message?: string; fields?: FieldProblem[] };
  };
  if (!response.ok) {
    throw new ApiError(
      response.status,
      json.error?.code ?? 'HTTP.ERROR',
      json.error?.message ?? `HTTP ${response.status}`,
      json.error?.fields ?? [],
    );
  }
  return json as T;
}
