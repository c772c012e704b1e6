import path from 'node:path';
import { ConfigError } from './config.error';
import { parseUrlSetting } from './url-setting';
import { type RawConfig } from './load-config';

/** The settings of the channels that reach a person (web push, email). */
export interface ChannelSettings {
  /**
   * SMTP server for email: `smtp://[user[:password]@]host[:port]` (STARTTLS when offered, and
   * required before the password is sent unless the URL ends in `?insecure_auth=true`) or
   * `smtps://…` (TLS). `TICKLER_SMTP_URL`, default unset = no email channel.
   */
  readonly smtpUrl: string | undefined;
  /** From header of every email: `address` or `Name <address>`. `TICKLER_SMTP_FROM`, required with a URL. */
  readonly smtpFrom: string | undefined;
  /**
   * VAPID `sub` contact the push services may use: `mailto:…` or `https://…`.
   * `TICKLER_VAPID_SUBJECT`, default `mailto:` + the From address, else `mailto:admin@localhost`.
   */
  readonly vapidSubject: string;
  /**
   * Where the VAPID key pair lives: `vapid.json` beside a SQLite database file (mode 0600);
   * undefined for `:memory:` and PostgreSQL, where the pair is a database row shared by every
   * daemon on that database.
   */
  readonly vapidKeyFile: string | undefined;
  /**
   * The daemon's address as a phone reaches it (`https://tickler.example.org`, a path prefix
   * kept): ntfy notifications then carry Snooze 10 min and Done buttons that call back
   * `<url>/v1/actions/<token>`, and its host is allowed by the Host guard.
   * `TICKLER_PUBLIC_URL`, default unset = no action buttons (a daemon on 127.0.0.1 is out of a
   * phone's reach).
   */
  readonly publicUrl: string | undefined;
}

/** The default VAPID subject when neither it nor a From address is set. */
export const DEFAULT_VAPID_SUBJECT = 'mailto:admin@localhost';

const CONTROL = /[\p{Cc}\p{Zl}\p{Zp}]/u;
const ADDRESS = /^[^\s@<>"]{1,64}@[^\s@<>"]+\.[^\s@<>"]+$/;

function parseSmtpUrl(text: string | undefined): string | undefined {
  if (text === undefined) {
    return undefined;
  }
  const url = parseUrlSetting(
    'TICKLER_SMTP_URL',
    text,
    ['smtp:', 'smtps:'],
    'smtp://user:password@host:587',
  );
  if (
    (url.pathname !== '' && url.pathname !== '/') ||
    (url.search !== '' && url.search !== '?insecure_auth=true') ||
    url.hash !== ''
  ) {
    throw new ConfigError(
      'TICKLER_SMTP_URL',
      'must not have a path, fragment or query other than ?insecure_auth=true',
    );
  }
  return text;
}

/** The bare address of a From value (`a@b.c` or `Name <a@b.c>`). */
function addressOf(from: string): string | undefined {
  const angle = /<([^<>]+)>\s*$/.exec(from);
  const address = (angle?.[1] ?? from).trim();
  return ADDRESS.test(address) ? address : undefined;
}

function parseSmtpFrom(text: string | undefined, url: string | undefined): string | undefined {
  if (text === undefined) {
    if (url !== undefined) {
      throw new ConfigError(
        'TICKLER_SMTP_FROM',
        'is required with TICKLER_SMTP_URL (e.g. Tickler <reminders@example.org>)',
      );
    }
    return undefined;
  }
  if (url === undefined) {
    throw new ConfigError(
      'TICKLER_SMTP_FROM',
      'needs TICKLER_SMTP_URL (it names the From of emails)',
    );
  }
  if (text.length > 320 || CONTROL.test(text) || addressOf(text) === undefined) {
    throw new ConfigError(
      'TICKLER_SMTP_FROM',
      'must be an address or Name <address> on one line (at most 320 characters)',
    );
  }
  return text;
}

function parseVapidSubject(text: string | undefined, from: string | undefined): string {
  if (text === undefined) {
    const address = from === undefined ? undefined : addressOf(from);
    return address === undefined ? DEFAULT_VAPID_SUBJECT : `mailto:${address}`;
  }
  const mailto = text.startsWith('mailto:') && ADDRESS.test(text.slice('mailto:'.length));
  let https = false;
  try {
    https = new URL(text).protocol === 'https:';
  } catch {
    https = false;
  }
  if (text.length > 200 || CONTROL.test(text) || !(mailto || https)) {
    throw new ConfigError(
      'TICKLER_VAPID_SUBJECT',
      'must be mailto:<address> or an https:// URL (at most 200 characters)',
    );
  }
  return text;
}

function parsePublicUrl(text: string | undefined): string | undefined {
  if (text === undefined || text === '') {
    return undefined;
  }
  const url = parseUrlSetting(
    'TICKLER_PUBLIC_URL',
    text,
    ['https:', 'http:'],
    'https://tickler.example.org',
  );
  if (
    text.length > 500 ||
    url.search !== '' ||
    url.hash !== '' ||
    url.username !== '' ||
    url.password !== ''
  ) {
    throw new ConfigError(
      'TICKLER_PUBLIC_URL',
      'must be at most 500 characters, without user:password@, query or fragment',
    );
  }
  // No trailing slash: routes are appended as `/v1/…`.
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** Validates the channel settings; throws {@link ConfigError} naming the key. */
export function parseChannelSettings(
  raw: RawConfig,
  db: string,
  databaseUrl: string | undefined,
): ChannelSettings {
  const smtpUrl = parseSmtpUrl(raw.TICKLER_SMTP_URL);
  const smtpFrom = parseSmtpFrom(raw.TICKLER_SMTP_FROM, smtpUrl);
  return {
    smtpUrl,
    smtpFrom,
    vapidSubject: parseVapidSubject(raw.TICKLER_VAPID_SUBJECT, smtpFrom),
    vapidKeyFile:
      databaseUrl !== undefined || db === ':memory:'
        ? undefined
        : path.join(path.dirname(path.resolve(db)), 'vapid.json'),
    publicUrl: parsePublicUrl(raw.TICKLER_PUBLIC_URL),
  };
}
