/**
 * The one query `TICKLER_SMTP_URL` takes: the operator's explicit consent to send the user and
 * password of an `smtp://` URL over a connection that stays unencrypted (a server without
 * STARTTLS, on a network the operator trusts).
 */
export const INSECURE_AUTH_FLAG = 'insecure_auth=true';

/** Where and how email leaves: from `TICKLER_SMTP_URL` / `TICKLER_SMTP_FROM`. */
export interface SmtpSettings {
  /**
   * `smtp://[user[:password]@]host[:port]` (STARTTLS; required before authenticating unless
   * `?insecure_auth=true`) or `smtps://…` (TLS from the start).
   */
  readonly url: string;
  /** The From header: `address` or `Name <address>`. */
  readonly from: string;
  /** Connecting, in ms. */
  readonly connectionTimeoutMs: number;
  /** Waiting for the server's greeting, in ms. */
  readonly greetingTimeoutMs: number;
  /** Inactivity on an open connection, in ms. */
  readonly socketTimeoutMs: number;
}

/** What nodemailer's SMTP transport is given (`createTransport(options)`). */
export interface SmtpTransportOptions {
  readonly host: string;
  readonly port: number;
  readonly secure: boolean;
  readonly auth?: { readonly user: string; readonly pass: string };
  /** Refuse to go on without STARTTLS: never authenticate in clear unless the operator opted in. */
  readonly requireTLS: boolean;
  readonly connectionTimeout: number;
  readonly greetingTimeout: number;
  readonly socketTimeout: number;
  readonly tls: { readonly minVersion: 'TLSv1.2' };
  readonly disableFileAccess: true;
  readonly disableUrlAccess: true;
  readonly logger: false;
}

/** The SMTP URL is not usable; the message says why (never the password). */
export class SmtpUrlError extends RangeError {
  constructor(message: string) {
    super(`TICKLER_SMTP_URL: ${message}`);
    this.name = 'SmtpUrlError';
  }
}

/**
 * Transport options of an SMTP URL. `smtps://` is implicit TLS (default port 465); `smtp://`
 * starts plain (default port 587) and upgrades with STARTTLS whenever the server offers it; with
 * a user and password it REQUIRES STARTTLS (nodemailer's `requireTLS`: no AUTH in clear) unless
 * the URL ends in `?insecure_auth=true` (issue 29: a server without STARTTLS got `AUTH PLAIN` in
 * clear). Certificates are verified (a private CA is trusted through `NODE_EXTRA_CA_CERTS`). No
 * path, fragment or other query: every setting has its own variable.
 */
export function smtpTransportOptions(settings: SmtpSettings): SmtpTransportOptions {
  let url: URL;
  try {
    url = new URL(settings.url);
  } catch {
    throw new SmtpUrlError('not a URL (smtp://host:port or smtps://host:port)');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    throw new SmtpUrlError(`scheme must be smtp: or smtps: (got ${url.protocol})`);
  }
  const insecureAuth = url.search === `?${INSECURE_AUTH_FLAG}`;
  if (
    (url.pathname !== '' && url.pathname !== '/') ||
    (url.search !== '' && !insecureAuth) ||
    url.hash !== ''
  ) {
    throw new SmtpUrlError(
      `must not have a path, fragment or query other than ?${INSECURE_AUTH_FLAG}`,
    );
  }
  if (url.hostname === '') {
    throw new SmtpUrlError('names no host');
  }
  const secure = url.protocol === 'smtps:';
  const user = decodeURIComponent(url.username);
  return {
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port === '' ? (secure ? 465 : 587) : Number(url.port),
    secure,
    ...(user !== '' ? { auth: { user, pass: decodeURIComponent(url.password) } } : {}),
    requireTLS: !secure && user !== '' && !insecureAuth,
    connectionTimeout: settings.connectionTimeoutMs,
    greetingTimeout: settings.greetingTimeoutMs,
    socketTimeout: settings.socketTimeoutMs,
    tls: { minVersion: 'TLSv1.2' },
    disableFileAccess: true,
    disableUrlAccess: true,
    logger: false,
  };
}
