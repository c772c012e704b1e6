import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '@tickler/config';
import { DaemonProcess } from '@tickler/testing';
import { type HttpLimits } from '../../src/http/hardening/http-limits';
import { type RunningDaemon, startDaemon } from '../../src';

/**
 * A daemon in this process (real HTTP on 127.0.0.1, a fresh SQLite file, a silent log) with
 * some HTTP limits made small: for limits that are durations or counts a test cannot wait for
 * at their real size. Started in `beforeAll`, stopped in `afterAll`; read `running` in a test.
 */
export function inProcessDaemonPerFile(httpLimits: Partial<HttpLimits>): {
  readonly running: RunningDaemon;
} {
  let started: RunningDaemon | undefined;
  beforeAll(async () => {
    const config = loadConfig({
      TICKLER_DB: path.join(DaemonProcess.tempDir(), 'tickler.db'),
      TICKLER_PORT: '0',
    });
    started = await startDaemon(config, { logger: pino({ level: 'silent' }), httpLimits });
  });
  afterAll(async () => {
    await started?.stop();
  });
  return {
    get running(): RunningDaemon {
      if (started === undefined) {
        throw new Error('the daemon starts in beforeAll: read it inside a test');
      }
      return started;
    },
  };
}
