#!/usr/bin/env node
import 'reflect-metadata';
import pino from 'pino';
import { ConfigError, databaseLabel, loadConfig } from '@tickler/config';
import { firstReminderHint } from './first-reminder-hint';
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
  const logger = pino({ level: config.logLevel, base: { pid: process.pid } });
  let daemon;
  try {
    daemon = await startDaemon(config, { logger });
  } catch (error) {
    logger.fatal({ err: error }, 'cannot start');
    process.exit(1);
  }
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

  let signals = 0;
  const shutdown = (signal: NodeJS.Signals): void => {
    signals++;
    if (signals > 1) {
      // A second Ctrl-C means "now": the database is crash-safe, so nothing acknowledged is lost.
      process.exit(130);
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
}

void main();
