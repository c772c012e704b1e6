import { type ChannelSettings } from './channel-settings';

/** Whether due deliveries really go out (`live`) or are settled as not-sent-by-design. */
export type DeliveryMode = 'live' | 'dry-run';

/** Everything the daemon needs to start, resolved from the environment and an optional file. */
export interface DaemonConfig extends ChannelSettings {
  /**
   * SQLite file (its folder is created), or `:memory:`. `TICKLER_DB`, default `tickler.db` in
   * the per-user data folder (`userDataDir`: `~/.local/share/tickler` on Linux).
   */
  readonly db: string;
  /**
   * PostgreSQL instead of the SQLite file (scale-out: several daemons share one database):
   * `postgres://user[:password]@host[:port]/database`. `TICKLER_DATABASE_URL`, default unset.
   */
  readonly databaseUrl: string | undefined;
  /** Schema for every table on PostgreSQL (created if missing). `TICKLER_DATABASE_SCHEMA`, default the server's search path. */
  readonly databaseSchema: string | undefined;
  /** Listen address. `TICKLER_HOST`, default `127.0.0.1`. */
  readonly host: string;
  /** Listen port; 0 picks a free one. `TICKLER_PORT`, default 8787. */
  readonly port: number;
  /** Admin bearer token; when absent one is generated into {@link adminTokenFile}. `TICKLER_ADMIN_TOKEN`. */
  readonly adminToken: string | undefined;
  /** Where a generated admin token lives (mode 0600): `admin.token` beside the database. */
  readonly adminTokenFile: string | undefined;
  /** Lateness grace window in ms: due rows later than this are settled `missed`. `TICKLER_GRACE`, default 12h. */
  readonly graceMs: number;
  /** `TICKLER_DELIVERY`, default `live`. */
  readonly delivery: DeliveryMode;
  /** pino level. `TICKLER_LOG_LEVEL`, default `info`. */
  readonly logLevel: string;
  /**
   * Whether the info line logged per delivery and per missed reminder carries its title (a
   * person's words), not only ids. `TICKLER_LOG_CONTENT` (`true` | `false`), default `false`.
   */
  readonly logContent: boolean;
  /**
   * How long a stop (SIGTERM, SIGINT, the parent gone) waits for in-flight work — a webhook
   * request, a delivery batch — before handing it back, in ms (what it hands back, the next
   * start or another daemon runs at once: ADR 0004). Short by default so that a desktop
   * sidecar exits within a second; a server may wait longer to re-send less.
   * `TICKLER_STOP_TIMEOUT`, default 500ms, at most 10m.
   */
  readonly stopTimeoutMs: number;
  /**
   * Let webhooks (and other outgoing channel requests) reach loopback, private, link-local and
   * other non-public addresses: a desktop whose local app takes webhooks.
   * `TICKLER_ALLOW_PRIVATE_TARGETS` (`true` | `false`), default `false`.
   */
  readonly allowPrivateTargets: boolean;
  /**
   * Host names requests may address besides IP literals, `localhost` and {@link host} (the
   * DNS-rebinding guard). `TICKLER_ALLOWED_HOSTS`, comma-separated, default none.
   */
  readonly allowedHosts: readonly string[];
  /**
   * Reverse proxies (addresses or CIDR blocks) whose `X-Forwarded-Proto` and `X-Forwarded-Host`
   * are believed: behind a TLS proxy the session cookie is then `Secure` and a page's `Origin`
   * (`https://…`) matches. `TICKLER_TRUSTED_PROXY`, comma-separated, default none (the headers
   * are ignored from anyone).
   */
  readonly trustedProxies: readonly string[];
  /**
   * Subscriptions one person may hold per channel kind (push, email).
   * `TICKLER_SUBSCRIPTIONS_PER_CHANNEL`, default 10, at most 1,000.
   */
  readonly subscriptionsPerChannel: number;
  /**
   * At most N external sends per person and channel in any window: `<sends>/<duration>` or
   * `off`. `TICKLER_THROTTLE`, default `30/1h`; a send over it is deferred, never dropped.
   */
  readonly throttle: string;
  /**
   * How long finished reminders, inbox items, channel sends and log entries are kept, in ms.
   * `TICKLER_RETENTION`, default `90d`, at least `1h`.
   */
  readonly retentionMs: number;
  /**
   * Folder of the built web app (`index.html`, `assets/`) served at `/`. `TICKLER_WEB_DIR`;
   * default unset = `apps/web/dist` beside the daemon's own build.
   */
  readonly webDir: string | undefined;
  /**
   * How long a start keeps retrying an unreachable PostgreSQL (backoff 250 ms doubling to 10 s)
   * before it gives up with one line, in ms. `TICKLER_DATABASE_RETRY`,
   * default 5m. SQLite opens a local file and never waits.
   */
  readonly databaseRetryMs: number;
}

/** The environment variables (and JSON file keys) the daemon reads. */
export const CONFIG_KEYS = [
  'TICKLER_DB',
  'TICKLER_DATABASE_URL',
  'TICKLER_DATABASE_SCHEMA',
  'TICKLER_HOST',
  'TICKLER_PORT',
  'TICKLER_ADMIN_TOKEN',
  'TICKLER_GRACE',
  'TICKLER_DELIVERY',
  'TICKLER_LOG_LEVEL',
  'TICKLER_LOG_CONTENT',
  'TICKLER_SMTP_URL',
  'TICKLER_SMTP_FROM',
  'TICKLER_VAPID_SUBJECT',
  'TICKLER_ALLOW_PRIVATE_TARGETS',
  'TICKLER_ALLOWED_HOSTS',
  'TICKLER_TRUSTED_PROXY',
  'TICKLER_SUBSCRIPTIONS_PER_CHANNEL',
  'TICKLER_THROTTLE',
  'TICKLER_RETENTION',
  'TICKLER_STOP_TIMEOUT',
  'TICKLER_WEB_DIR',
  'TICKLER_DATABASE_RETRY',
  'TICKLER_PUBLIC_URL',
] as const;

/** One of {@link CONFIG_KEYS}: an environment variable, or a key of the `TICKLER_CONFIG` file. */
export type ConfigKey = (typeof CONFIG_KEYS)[number];

/** The value each setting takes when neither the environment nor the file gives one. */
export const CONFIG_DEFAULTS = {
  TICKLER_HOST: '127.0.0.1',
  TICKLER_PORT: '8787',
  TICKLER_GRACE: '12h',
  TICKLER_DELIVERY: 'live',
  TICKLER_LOG_LEVEL: 'info',
  TICKLER_LOG_CONTENT: 'false',
  TICKLER_STOP_TIMEOUT: '500ms',
  TICKLER_DATABASE_RETRY: '5m',
  TICKLER_ALLOW_PRIVATE_TARGETS: 'false',
  TICKLER_SUBSCRIPTIONS_PER_CHANNEL: '10',
  TICKLER_THROTTLE: '30/1h',
  TICKLER_RETENTION: '90d',
} as const satisfies Partial<Record<ConfigKey, string>>;
