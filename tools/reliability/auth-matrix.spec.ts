import { runAuthMatrix } from './scenarios/auth-matrix.scenario';
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

describe('scenario 8: auth matrix against the real daemon', () => {
  it('answers every route × {no token, unknown, other user, admin} as due, leaks nothing, keeps tokens secret', async () => {
    const result = await runAuthMatrix(daemon);
    expect(result.violations).toEqual([]);
    expect(result.figures.routes).toBeGreaterThanOrEqual(17);
  }, 60_000);
});
