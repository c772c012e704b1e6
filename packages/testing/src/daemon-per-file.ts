import { buildDaemon } from './build-projects';
import { DaemonProcess } from './daemon-process';
import { Api } from './http-client';

/** The daemon a test file shares: the process and an admin client of it (set in `beforeAll`). */
export interface SharedDaemon {
  readonly daemon: DaemonProcess;
  /** An `Api` on the daemon with its admin token. */
  readonly api: Api;
}

/**
 * Starts one real daemon for the test file (jest `beforeAll`) and stops it after the file
 * (`afterAll`). `build` builds the daemon first, for projects without the e2e global setup.
 */
export function daemonPerFile(
  options: { env?: Record<string, string>; tempPrefix?: string; build?: boolean } = {},
): SharedDaemon {
  let started: { daemon: DaemonProcess; api: Api } | undefined;
  const current = (): { daemon: DaemonProcess; api: Api } => {
    if (started === undefined) {
      throw new Error('the daemon starts in beforeAll: read it inside a test');
    }
    return started;
  };
  beforeAll(async () => {
    if (options.build === true) {
      await buildDaemon();
    }
    const daemon = new DaemonProcess(DaemonProcess.tempDir(options.tempPrefix), options.env);
    await daemon.start();
    started = { daemon, api: new Api(daemon.url, daemon.adminToken) };
  }, 180_000);
  afterAll(async () => {
    await started?.daemon.terminate();
  });
  return {
    get daemon() {
      return current().daemon;
    },
    get api() {
      return current().api;
    },
  };
}
