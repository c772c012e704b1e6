import { runHostileClient } from './scenarios/hostile-client.scenario';
import { buildDaemon } from './support/build-daemon';
import { DaemonProcess } from './support/daemon-process';

let daemon: DaemonProcess;

beforeAll(async () => {
  await buildDaemon();
  daemon = await new DaemonProcess(DaemonProcess.tempDir()).start();
}, 180_000);

afterAll(async () => {
  await daemon.terminate();
});

describe('scenario 13: a hostile client against the real daemon (fast variant)', () => {
  it('refuses huge arrays and deep nesting in every body field with 400, closes slow unauthenticated clients, caps streams and connections, and exits when its pipe reader does', async () => {
    const result = await runHostileClient(daemon, {
      slowConnections: 50,
      authenticatedSlowloris: false,
      streams: 20,
      idleConnections: 280,
    });
    expect(result.violations).toEqual([]);
  }, 120_000);
});
