import { type DaemonConfig } from '@tickler/config';
import { type RetryWait, unreachableCode } from './database-retry';

/** The server of `TICKLER_DATABASE_URL`, for a line: host and port, never the credentials. */
function serverOf(config: DaemonConfig): string {
  const url = new URL(config.databaseUrl ?? '');
  return `${url.hostname}:${url.port || '5432'}`;
}

function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(2))} s`;
}

/** One line per wait: what is wrong, when the next try is, and the setting that bounds it. */
export function databaseWaitLine(config: DaemonConfig, wait: RetryWait): string {
  return (
    `tickler daemon: PostgreSQL at ${serverOf(config)} is unreachable (${unreachableCode(wait.error)}); ` +
    `retrying in ${seconds(wait.delayMs)} (attempt ${wait.attempt}; TICKLER_DATABASE_RETRY=${seconds(config.databaseRetryMs)} in all)`
  );
}

/** The last line when the retries are spent. */
export function databaseGoneLine(config: DaemonConfig, error: unknown): string {
  return (
    `tickler daemon: PostgreSQL at ${serverOf(config)} is unreachable (${unreachableCode(error)}) ` +
    `after ${seconds(config.databaseRetryMs)} of retries — is the server running? check TICKLER_DATABASE_URL, or wait longer with TICKLER_DATABASE_RETRY`
  );
}
