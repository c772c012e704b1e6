#!/usr/bin/env node
import 'reflect-metadata';
import { ConfigError, databaseLabel, loadConfig } from '@tickler/config';
import { firstReminderHint } from './first-reminder-hint';
import { createDaemonLog } from './log-stream';
import { startDaemon } from './start-daemon';

/**
 * `npm start` / a desktop app's sidecar: prints one JSON log line per event on stdout, the
 * readiness line being `{"msg":"listening","url":…}`; exits 0 after a clean SIGTERM/SIGINT,
 * 1 when it cannot start.
 */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`tickler daemon: bad configuration: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const log = createDaemonLog(config.logLevel);
  const logger = log.logger;
  let daemon;
  try {
    daemon = await startDaemon(config, { logger });
  } catch (error) {
    if (error instanceof ConfigError) {
      // e.g. an admin.token others can read: one line saying what to fix, like a bad variable.
      process.stderr.write(`tickler daemon: bad configuration: ${error.message}\n`);
    } else {
      logger.fatal({ err: error }, 'cannot start');
    }
    process.exit(1);
  }
  let signals = 0;
  const shutdown = (signal: NodeJS.Signals | 'stdout closed'): void => {
    signals++;
    if (signals > 1) {
      // A second Ctrl-C means "now": the database is crash-safe, so nothing acknowledged is lost.
      process.exit(signal === 'stdout closed' ? 0 : 130);
    }
    logger.info({ signal }, 'shutting down');
    daemon.stop({ deadlineMs: 10_000 }).then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'unclean shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
  // A sidecar whose log reader is gone has lost its parent (or its pipe): stop cleanly.
  log.onReaderGone(() => {
    if (signals === 0) {
      shutdown('stdout closed');
    }
  });

  const hint = firstReminderHint(daemon.url, config);
  logger.info(
    {
      url: daemon.url,
      db: databaseLabel(config),
      delivery: config.delivery,
      graceMs: config.graceMs,
    },
    'listening',
  );
  logger.info(hint, 'try it');
  if (process.stderr.isTTY) {
    process.stderr.write(
      `\nTickler is listening on ${daemon.url}\nSchedule your first reminder:\n  ${hint.cli}\nor\n  ${hint.curl}\n\n`,
    );
  }
}

void main();
