// Public surface of the daemon: start one in this process. Its configuration (environment,
// `TICKLER_CONFIG` file) is `@tickler/config`, shared with the CLI; the server and everything
// behind it load only when a daemon is actually started.
import { type DaemonConfig } from '@tickler/config';
export type { RunningDaemon, StartOptions } from './start-daemon';
import { type RunningDaemon, type StartOptions } from './start-daemon';

/** Starts a daemon in this process (see `start-daemon.ts`); tests and the reliability suite use it. */
export async function startDaemon(
  config: DaemonConfig,
  options?: StartOptions,
): Promise<RunningDaemon> {
  const started = await import('./start-daemon.js');
  return started.startDaemon(config, options);
}
