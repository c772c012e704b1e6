// Decorator metadata (inversify) must be readable before any decorated class loads.
import { graceWarning } from './lifecycle/grace-check';
import 'reflect-metadata';
import {
  ConfigError,
  databaseLabel,
  type DaemonConfig,
  discoveryFileFor,
  loadConfig,
} from '@tickler/config';
import { DiscoveryFileHeldError, writeDiscoveryFile } from './lifecycle/discovery-writer';
import { legacyDataNote } from './lifecycle/legacy-data';
import { firstReminderText } from './first-reminder-hint';
import { HeldOutput } from './lifecycle/held-output';
import { type ParentGone, stdinIsPipe, watchParent } from './lifecycle/parent-watch';
import { readinessLine } from './lifecycle/readiness';
import { databaseGoneLine, databaseWaitLine } from './lifecycle/database-lines';
import { isUnreachable } from './lifecycle/database-retry';
import { startFailureLine } from './lifecycle/start-failure';
import { watchStdoutReader } from './lifecycle/stdout-reader-watch';
import { createDaemonLog } from './log-stream';
import { type RunningDaemon, startDaemon } from './start-daemon';
import { DAEMON_VERSION } from './version';

/** Why a stop began: a signal, stdout's reader gone, or the parent gone (docs/sidecar.md). */
type StopCause = NodeJS.Signals | 'stdout closed' | ParentGone;

function refuseConfiguration(error: ConfigError): never {
  process.stderr.write(`tickler daemon: bad configuration: ${error.message}\n`);
  process.exit(1);
}

/**
 * The daemon process (`npm start`, and the packaged sidecar's default command; contract:
 * docs/sidecar.md). Its first stdout line is the readiness line, printed once HTTP answers;
 * the JSON log lines follow (those of start-up were held until then). Exits 0 after a clean
 * stop — SIGTERM/SIGINT, stdout's reader gone, or its parent gone when stdin is a pipe — and
 * 1 when it cannot start, with stdout empty and the reason on stderr.
 */
export async function runDaemon(): Promise<void> {
  let config: DaemonConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      refuseConfiguration(error);
    }
    throw error;
  }
  const output = new HeldOutput(process.stdout);
  const log = createDaemonLog(config.logLevel, output);
  const logger = log.logger;
  let daemon: RunningDaemon;
  try {
    daemon = await startDaemon(config, {
      logger,
      onDatabaseWait: (wait) => process.stderr.write(`${databaseWaitLine(config, wait)}\n`),
    });
  } catch (error) {
    if (error instanceof ConfigError) {
      // e.g. an admin.token others can read: one line saying what to fix, like a bad variable.
      refuseConfiguration(error);
    }
    const line =
      config.databaseUrl !== undefined && isUnreachable(error)
        ? databaseGoneLine(config, error)
        : startFailureLine(error, config.host, config.port);
    if (line !== undefined) {
      // A cause the person can fix: one line naming it, not a level-60 JSON stack.
      process.stderr.write(`${line}\n`);
      process.exit(1);
    }
    output.divert(process.stderr);
    logger.fatal({ err: error }, 'cannot start');
    process.exit(1);
  }
  const url = new URL(daemon.url);
  output.release(
    readinessLine({
      url: daemon.url,
      port: Number(url.port),
      tokenFile: config.adminToken === undefined ? (config.adminTokenFile ?? null) : null,
      pid: process.pid,
      version: DAEMON_VERSION,
      peers: (await daemon.app.peers()).live.size,
    }),
  );

  // Clients started anywhere find this daemon (its real port, its token file) through this file.
  const discoveryFile = config.databaseUrl === undefined ? discoveryFileFor(config.db) : undefined;
  let removeDiscoveryFile = (): void => undefined;
  if (discoveryFile !== undefined) {
    try {
      removeDiscoveryFile = writeDiscoveryFile(discoveryFile, {
        url: daemon.url,
        tokenFile: config.adminToken === undefined ? (config.adminTokenFile ?? null) : null,
        pid: process.pid,
        version: DAEMON_VERSION,
      });
      logger.info({ file: discoveryFile }, 'discovery file');
    } catch (error) {
      if (error instanceof DiscoveryFileHeldError) {
        // Said where the person starting it reads: this daemon runs, but no client will find it.
        process.stderr.write(`tickler: ${error.message}\n`);
      }
      logger.warn({ file: discoveryFile, err: error }, 'cannot write the discovery file');
    }
  }

  let stops = 0;
  let stopWatchingParent = (): void => undefined;
  const shutdown = (cause: StopCause): void => {
    stops++;
    if (stops > 1) {
      // A second Ctrl-C means "now": the database is crash-safe, so nothing acknowledged is lost.
      process.exit(cause === 'stdout closed' ? 0 : 130);
    }
    stopWatchingParent();
    logger.info({ signal: cause }, 'shutting down');
    removeDiscoveryFile();
    daemon.stop({ deadlineMs: config.stopTimeoutMs }).then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'unclean shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
  // A sidecar whose log reader is gone has lost its parent (or its pipe): stop cleanly, when a
  // write fails or, while idle, when a stdout socket reads end of file.
  const readerGone = (): void => {
    if (stops === 0) {
      shutdown('stdout closed');
    }
  };
  log.onReaderGone(readerGone);
  watchStdoutReader(readerGone);
  // A crashed desktop app must not leave its sidecar holding the database.
  stopWatchingParent = watchParent((reason) => shutdown(reason));

  logger.info(
    {
      url: daemon.url,
      db: databaseLabel(config),
      delivery: config.delivery,
      graceMs: config.graceMs,
    },
    'listening',
  );
  const shortGrace = graceWarning(config.graceMs);
  if (shortGrace !== undefined) {
    logger.warn({ graceMs: config.graceMs }, shortGrace);
  }
  // The first-reminder commands are for a person to paste: plain text on stderr, never inside
  // a JSON log line (its escaping broke the pasted curl). A sidecar (stdin a pipe its parent
  // holds) has no person reading, and its stderr means "a problem": it gets none.
  if (!stdinIsPipe()) {
    process.stderr.write(firstReminderText(daemon.url, config));
    const legacy = legacyDataNote(config);
    if (legacy !== undefined) {
      process.stderr.write(`${legacy}\n`);
    }
  }
}
