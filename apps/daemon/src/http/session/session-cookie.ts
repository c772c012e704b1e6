/** The cookie that carries one half of a browser session's secret (the second factor). */
export const SESSION_COOKIE = 'tickler_session';
/**
 * The header that carries the other half: the page keeps it in origin-scoped storage
 * (`localStorage` of `http://127.0.0.1:<this port>`), which no page or server on another port can
 * read — a cookie reaches every port of a host, this header only the page that holds it.
 */
export const SESSION_HEADER = 'x-tickler-session';

/** Longest `Cookie` header read: a browser sends a few hundred bytes to this origin. */
const MAX_COOKIE_HEADER = 8192;
/** One half of a session secret as issued: 43 base64url characters (32 random bytes). */
const HALF_LENGTH = 43;
const HALF_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** A session secret as handed out: the cookie's half and the page's half (the header). */
export interface SessionHalves {
  readonly cookie: string;
  readonly key: string;
}

/** Splits a session's secret (two halves of 43 characters) into what goes where. */
export function splitSessionSecret(secret: string): SessionHalves {
  return { cookie: secret.slice(0, HALF_LENGTH), key: secret.slice(HALF_LENGTH) };
}

/**
 * The cookie's half in a `Cookie` header, or undefined. Only our cookie's value is read, and
 * only when it has the shape of a half we issue: anything else is no session.
 */
export function sessionCookieOf(header: string | string[] | undefined): string | undefined {
  const text = Array.isArray(header) ? header.join('; ') : header;
  if (text === undefined || text.length > MAX_COOKIE_HEADER) {
    return undefined;
  }
  for (const pair of text.split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === SESSION_COOKIE) {
      const value = pair.slice(at + 1).trim();
      return HALF_SHAPE.test(value) ? value : undefined;
    }
  }
  return undefined;
}

/**
 * The whole session secret of a request — the cookie's half and the header's half — or
 * undefined unless both are there in their shape: the cookie alone (which every port of the
 * host receives) signs nobody in.
 */
export function sessionSecretOf(headers: {
  readonly cookie?: string | string[];
  readonly [SESSION_HEADER]?: string | string[];
}): string | undefined {
  const cookie = sessionCookieOf(headers.cookie);
  const key = headers[SESSION_HEADER];
  if (cookie === undefined || typeof key !== 'string' || !HALF_SHAPE.test(key)) {
    return undefined;
  }
  return cookie + key;
}

/**
 * `Set-Cookie` for a new session: not readable by scripts (`HttpOnly`), never sent by another
 * site's request (`SameSite=Strict`), only over TLS when the page came over TLS (`Secure`), and
 * gone when the session ends (`Max-Age`).
 */
export function sessionCookie(cookieHalf: string, maxAgeMs: number, https: boolean): string {
  const maxAge = Math.max(0, Math.floor(maxAgeMs / 1000));
  return `${SESSION_COOKIE}=${cookieHalf}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAge}${
    https ? '; Secure' : ''
  }`;
}

/** `Set-Cookie` that removes the session cookie (sign-out). */
export function clearedSessionCookie(https: boolean): string {
  return sessionCookie('', 0, https);
}
