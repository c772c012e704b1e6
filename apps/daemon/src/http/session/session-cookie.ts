/** The cookie that carries a browser session's secret. */
export const SESSION_COOKIE = 'tickler_session';

/** Longest `Cookie` header read: a browser sends a few hundred bytes to this origin. */
const MAX_COOKIE_HEADER = 8192;
const SECRET_SHAPE = /^[A-Za-z0-9_-]{1,200}$/;

/**
 * The session secret in a `Cookie` header, or undefined. Only our cookie's value is read, and
 * only when it has the shape of a secret we issue (base64url): anything else is no session.
 */
export function sessionSecretOf(header: string | string[] | undefined): string | undefined {
  const text = Array.isArray(header) ? header.join('; ') : header;
  if (text === undefined || text.length > MAX_COOKIE_HEADER) {
    return undefined;
  }
  for (const pair of text.split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === SESSION_COOKIE) {
      const value = pair.slice(at + 1).trim();
      return SECRET_SHAPE.test(value) ? value : undefined;
    }
  }
  return undefined;
}

/**
 * `Set-Cookie` for a new session: not readable by scripts (`HttpOnly`), never sent by another
 * site's request (`SameSite=Strict`), only over TLS when the page came over TLS (`Secure`), and
 * gone when the session ends (`Max-Age`).
 */
export function sessionCookie(secret: string, maxAgeMs: number, https: boolean): string {
  const maxAge = Math.max(0, Math.floor(maxAgeMs / 1000));
  return `${SESSION_COOKIE}=${secret}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAge}${
    https ? '; Secure' : ''
  }`;
}

/** `Set-Cookie` that removes the session cookie (sign-out). */
export function clearedSessionCookie(https: boolean): string {
  return sessionCookie('', 0, https);
}
