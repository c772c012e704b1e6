import { type AddressInfo } from 'node:net';
import path from 'node:path';
import pino, { type Logger as PinoLogger } from 'pino';
import {
  Application,
  type Database,
  openPostgresDatabase,
  openSqliteDatabase,
} from '@tickler/core';
import { CountDeliveriesByStatus, GetVapidPublicKey } from '@tickler/notifications';
import {
  type AdminToken,
  AdminTokenError,
  AdminTokenFileSource,
  AUTH_TOKENS,
  type Authenticator,
  ensureAdminToken,
} from '@tickler/auth/context';
import { ConfigError, type DaemonConfig } from '@tickler/config';
import { checkSmtpEncryption, VapidKeyFileError } from '@tickler/notifications/context';
import {
  retryWhileUnreachable,
  type RetryWait,
  startRetryPolicy,
} from './lifecycle/database-retry';
import { daemonContexts } from './daemon-contexts';
import { logDeliveries } from './events/delivery-log-lines';
import { EventStreamHub, HEARTBEAT_MS } from './events/event-stream.hub';
import { buildServer } from './http/build-server';
import { allowedHostNames } from './http/hardening/host-guard';
import { DEFAULT_HTTP_LIMITS, type HttpLimits } from './http/hardening/http-limits';
import { allRoutes } from './http/routes/all-routes';
import { loadWebAssets } from './http/web/web-assets';
import { DaemonMetrics } from './metrics/daemon-metrics';
import { DAEMON_VERSION } from './version';

/**
 * How long a queue claim stays exclusive, in ms. A sidecar is killed with -9 routinely and
 * restarted at once; work the dead process had claimed resumes only when its lease expires,
 * so the kernel's 30 s default would delay reminders by up to 30 s after every crash. The
 * queue extends a live claim every third of this, so a short lease never double-runs work.
 */
export const QUEUE_LEASE_MS = 5_000;

/**
 * The SQLite file, or PostgreSQL when `TICKLER_DATABASE_URL` is set (several daemons may then
 * share the database: claims use SKIP LOCKED, wake-ups LISTEN/NOTIFY).
 */
async function openDatabase(config: DaemonConfig, logger: PinoLogger): Promise<Database> {
  if (config.databaseUrl === undefined) {
    return openSqliteDatabase({
      file: config.db,
      // Once per process, at the first commit: where the WAL is checkpointed.
      onCheckpointThread: (event) =>
        'failed' in event
          ? logger.warn(
              { reason: event.failed },
              'wal checkpoint thread failed: SQLite checkpoints on the event loop again',
            )
          : logger.info({}, 'wal checkpoint thread started'),
    });
  }
  return openPostgresDatabase({
    connectionString: config.databaseUrl,
    ...(config.databaseSchema !== undefined ? { schema: config.databaseSchema } : {}),
  });
}

/** The SMTP server for logs: scheme, host and port, never the credentials. */
function smtpLabel(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}`;
}

/** The admin token from the settings; an unusable token file is a configuration error. */
function adminTokenOf(config: DaemonConfig): AdminToken {
  try {
    return ensureAdminToken({ token: config.adminToken, file: config.adminTokenFile });
  } catch (error) {
    if (error instanceof AdminTokenError) {
      throw new ConfigError('admin.token', error.message, { cause: error });
    }
    throw error;
  }
}

/** The built web app beside the daemon's own build (`apps/daemon/dist` → `apps/web/dist`). */
export const DEFAULT_WEB_DIR = path.resolve(__dirname, '../../web/dist');

/** A daemon running in this process. */
export interface RunningDaemon {
  /** Base URL, e.g. `http://127.0.0.1:8787` (the real port when 0 was asked for). */
  readonly url: string;
  readonly adminToken: string;
  readonly app: Application;
  /**
   * Stops taking requests, ends live streams, finishes or releases in-flight queue work within
   * `deadlineMs` (default 10 s), closes the database. Safe to call twice.
   */
  stop(options?: { deadlineMs?: number }): Promise<void>;
}

/** Options of {@link startDaemon} beyond the configuration. */
export interface StartOptions {
  /** Default: pino JSON on stdout at the configured level. */
  readonly logger?: PinoLogger;
  /** Replaces some of {@link DEFAULT_HTTP_LIMITS} (tests with short timeouts). */
  readonly httpLimits?: Partial<HttpLimits>;
  /** Told of each wait while PostgreSQL is unreachable at start (`TICKLER_DATABASE_RETRY`). */
  readonly onDatabaseWait?: (wait: RetryWait) => void;
}

/**
 * A password in `TICKLER_SMTP_URL` must never cross the network in clear: a server that answers
 * without STARTTLS stops the start with one line (unless the operator added
 * `?insecure_auth=true`); one that does not answer now is logged, and each send still refuses
 * to authenticate without TLS.
 */
async function refuseSmtpInClear(
  url: string,
  logger: PinoLogger,
  stop: () => Promise<void>,
): Promise<void> {
  const verdict = await checkSmtpEncryption({
    url,
    from: 'check@localhost',
    connectionTimeoutMs: 5_000,
    greetingTimeoutMs: 5_000,
    socketTimeoutMs: 5_000,
  });
  if (verdict === 'no-starttls') {
    await stop();
    throw new ConfigError(
      'TICKLER_SMTP_URL',
      `${smtpLabel(url)} offers no STARTTLS, so its password would be sent in clear; use smtps://, a server with STARTTLS, or add ?insecure_auth=true to send it unencrypted on purpose`,
    );
  }
  if (verdict === 'unreachable') {
    logger.warn(
      { smtp: smtpLabel(url) },
      'SMTP server not reachable now; emails will refuse to authenticate without STARTTLS',
    );
  }
}

/**
 * Starts the daemon in this process: admin token, database and migrations, queue (which
 * catches up on whatever fell due while it was down), then the HTTP server.
 */
export async function startDaemon(
  config: DaemonConfig,
  options: StartOptions = {},
): Promise<RunningDaemon> {
  const logger = options.logger ?? pino({ level: config.logLevel, base: { pid: process.pid } });
  const admin = adminTokenOf(config);
  logger.info({ source: admin.source, file: admin.file }, 'admin token');

  const database = await retryWhileUnreachable(
    () => openDatabase(config, logger),
    startRetryPolicy(config.databaseUrl === undefined ? 0 : config.databaseRetryMs),
    options.onDatabaseWait ?? (() => undefined),
  );
  let app: Application;
  try {
    app = await Application.create({
      database,
      contexts: daemonContexts(
        config,
        new AdminTokenFileSource(admin, (problem) => logger.error({ file: admin.file }, problem)),
      ),
      logger,
      queue: { leaseMs: QUEUE_LEASE_MS },
    });
  } catch (error) {
    await database.close();
    throw error;
  }
  try {
    // Web push keys exist from the first start on (generated now, or read and checked): a
    // key file others may read, or a broken one, stops the start instead of every push.
    const vapid = await app.dispatch(new GetVapidPublicKey());
    logger.info(
      {
        publicKey: vapid.publicKey,
        keys: config.vapidKeyFile ?? 'database',
        subject: config.vapidSubject,
      },
      'web push keys',
    );
  } catch (error) {
    await app.stop({ deadlineMs: 1000 });
    if (error instanceof VapidKeyFileError) {
      throw new ConfigError('vapid.json', error.message, { cause: error });
    }
    throw error;
  }
  logger.info({ smtp: config.smtpUrl === undefined ? 'off' : smtpLabel(config.smtpUrl) }, 'email');
  if (config.smtpUrl !== undefined) {
    await refuseSmtpInClear(config.smtpUrl, logger, () => app.stop({ deadlineMs: 1000 }));
  }
  const metrics = new DaemonMetrics(app, () => app.dispatch(new CountDeliveriesByStatus()));
  const limits = { ...DEFAULT_HTTP_LIMITS, ...options.httpLimits };
  const hub = new EventStreamHub(app.events, app.clock, HEARTBEAT_MS, {
    perPerson: limits.maxStreamsPerPerson,
    total: limits.maxStreams,
  });
  const webDir = config.webDir ?? DEFAULT_WEB_DIR;
  const web = loadWebAssets(webDir);
  logger.info({ dir: webDir, files: web?.size ?? 0 }, web ? 'web app' : 'web app not built');
  // Both listen before `app.start()`: the catch-up at start-up is logged and replayable.
  const stopDeliveryLog = logDeliveries(app.events, logger, config.logContent);
  const server = buildServer({
    app,
    authenticator: app.get<Authenticator>(AUTH_TOKENS.Authenticator),
    routes: allRoutes({ metrics, hub, version: DAEMON_VERSION }),
    logger,
    onClosing: () => {
      hub.closeAll();
      stopDeliveryLog();
    },
    allowedHosts: allowedHostNames(config.host, [
      ...config.allowedHosts,
      // Phones call the ntfy action links back under the public URL's host.
      ...(config.publicUrl === undefined ? [] : [new URL(config.publicUrl).hostname]),
    ]),
    trustedProxies: config.trustedProxies,
    limits,
    whileConnected: {
      start: () => metrics.sampleEventLoop(true),
      stop: () => metrics.sampleEventLoop(false),
    },
    ...(web ? { web } : {}),
  });

  app.start();
  try {
    await server.listen({ host: config.host, port: config.port });
  } catch (error) {
    metrics.close();
    await app.stop({ deadlineMs: 1000 });
    throw error;
  }
  const address = server.server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `http://${host}:${address.port}`;

  let stopping: Promise<void> | undefined;
  const stop = (stopOptions: { deadlineMs?: number } = {}): Promise<void> =>
    (stopping ??= (async () => {
      logger.info({}, 'stopping');
      await server.close();
      metrics.close();
      await app.stop({ deadlineMs: stopOptions.deadlineMs ?? 10_000 });
      logger.info({}, 'stopped');
    })());

  return { url, adminToken: admin.token, app, stop };
}
