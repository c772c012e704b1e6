// Public surface of the daemon. Configuration helpers are light (the CLI imports them);
// the server and everything behind it load only when a daemon is actually started.
export * from './config/daemon-config';
export * from './config/config.error';
export * from './config/load-config';
export type { RunningDaemon, StartOptions } from './start-daemon';
import { type DaemonConfig } from './config/daemon-config';
import { type RunningDaemon, type StartOptions } from './start-daemon';

/** Starts a daemon in this process (see `start-daemon.ts`); tests and the reliability suite use it. */
export async function startDaemon(
  config: DaemonConfig,
  options?: StartOptions,
): Promise<RunningDaemon> {
  const started = await import('./start-daemon.js');
  return started.startDaemon(config, options);
}
