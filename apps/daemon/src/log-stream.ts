import pino, { type Logger } from 'pino';

/** The daemon's logger and what happens when its reader goes away. */
export interface DaemonLog {
  readonly logger: Logger;
  /** Runs once when stdout's reader is gone (EPIPE); logging is silenced from then on. */
  onReaderGone(listener: () => void): void;
}

/**
 * pino JSON lines on stdout, written through `process.stdout` itself rather than pino's default
 * sonic-boom destination: that one's final synchronous flush retries a failed write every
 * 100 ms for ever, so with its reader gone (`| head`, a closed `| jq`) the process could never
 * exit and, its event loop blocked, not even a second signal ended it. A failed write here is an
 * ordinary `error` event: logging goes silent and the listeners (a clean stop) run once.
 */
export function createDaemonLog(
  level: string,
  stdout: NodeJS.WriteStream = process.stdout,
): DaemonLog {
  const logger = pino({ level, base: { pid: process.pid } }, stdout);
  const listeners: (() => void)[] = [];
  let gone = false;
  stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (gone) {
      return;
    }
    gone = true;
    logger.level = 'silent';
    if (error.code !== 'EPIPE') {
      process.stderr.write(
        `tickler daemon: stdout failed (${error.code ?? error.message}); logging stops\n`,
      );
    }
    listeners.forEach((listener) => listener());
  });
  return {
    logger,
    onReaderGone: (listener) => {
      if (gone) {
        listener();
      } else {
        listeners.push(listener);
      }
    },
  };
}
