import { envFor, type RunningDaemon, startDaemon } from './processes';

/** One daemon for a whole CLI spec file and the environment that points `tickler` at it. */
export interface CliDaemon {
  /** The running daemon (read inside a test: it starts in `beforeAll`). */
  readonly daemon: RunningDaemon;
  /** The environment a `tickler` child needs to reach {@link CliDaemon.daemon}. */
  readonly env: Record<string, string | undefined>;
}

/**
 * Starts a daemon in `beforeAll` and stops it in `afterAll` of the calling spec file, so that
 * each CLI spec does not repeat the same dozen lines of set-up.
 */
export function cliDaemonPerFile(): CliDaemon {
  let started: CliDaemon | undefined;
  const current = (): CliDaemon => {
    if (started === undefined) {
      throw new Error('the daemon starts in beforeAll: read it inside a test');
    }
    return started;
  };
  beforeAll(async () => {
    const daemon = await startDaemon();
    started = { daemon, env: envFor(daemon) };
  });
  afterAll(async () => {
    await started?.daemon.stop();
  });
  return {
    get daemon() {
      return current().daemon;
    },
    get env() {
      return current().env;
    },
  };
}
