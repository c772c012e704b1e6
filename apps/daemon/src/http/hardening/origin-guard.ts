import { HttpBoundaryError } from '../http.errors';

/** Methods that change nothing: a cookie may authenticate them without an `Origin`. */
export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF guard for requests a browser authenticates by itself (the session cookie): the request
 * must say it comes from a page of this very origin — an `Origin` header equal to
 * `http(s)://<Host>`. `SameSite=Strict` already keeps the cookie off other sites' requests; this
 * is the second lock, and the one that also holds for sibling subdomains and old browsers.
 */
export function checkSameOrigin(
  origin: string | string[] | undefined,
  host: string | undefined,
  https: boolean,
): void {
  if (typeof origin !== 'string' || origin === '') {
    throw new HttpBoundaryError(
      'AUTH.CROSS_ORIGIN',
      'a request signed in by the session cookie must carry an Origin header naming this daemon (CSRF)',
    );
  }
  const expected = `${https ? 'https' : 'http'}://${(host ?? '').toLowerCase()}`;
  if (origin.toLowerCase() !== expected) {
    throw new HttpBoundaryError(
      'AUTH.CROSS_ORIGIN',
      `Origin "${origin.slice(0, 200)}" is not this daemon (${expected.slice(0, 200)}): cross-origin requests with the session cookie are refused (CSRF)`,
    );
  }
}
