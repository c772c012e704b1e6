import { isIP } from 'node:net';
import { HttpBoundaryError } from '../http.errors';

/**
 * The host names a request may address (besides IP literals and `localhost`): the listen
 * address and `TICKLER_ALLOWED_HOSTS`.
 */
export function allowedHostNames(listenHost: string, extra: readonly string[]): Set<string> {
  return new Set(['localhost', listenHost.toLowerCase(), ...extra.map((h) => h.toLowerCase())]);
}

/** The host part of a `Host` header: `[::1]:8787` → `::1`, `Example.org.:80` → `example.org`. */
export function hostNameOf(header: string): string {
  const bracketed = /^\[([^\]]*)\](?::\d*)?$/.exec(header);
  const name = bracketed ? bracketed[1]! : header.replace(/:\d*$/, '');
  return name.toLowerCase().replace(/\.$/, '');
}

/**
 * DNS rebinding guard: a web page can make a browser send requests to 127.0.0.1 under its own
 * host name, so a request whose `Host` is a name we were not told about is refused (421) before
 * anything else. IP literals cannot be rebound and pass; so does a request without a `Host`
 * (HTTP/1.0, never a browser).
 */
export function checkHost(header: string | undefined, allowed: ReadonlySet<string>): void {
  if (header === undefined || header === '') {
    return;
  }
  const name = hostNameOf(header);
  if (isIP(name) !== 0 || allowed.has(name)) {
    return;
  }
  throw new HttpBoundaryError(
    'HTTP.HOST_NOT_ALLOWED',
    `Host "${name.slice(0, 100)}" is not this daemon's address; add it to TICKLER_ALLOWED_HOSTS to allow it`,
  );
}
