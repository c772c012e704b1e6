import { runBadInput } from './scenarios/bad-input.scenario';
import { buildDaemon } from './support/build-daemon';
import { DaemonProcess } from './support/daemon-process';
import { runSeed } from './support/seeded-random';

let daemon: DaemonProcess;

beforeAll(async () => {
  await buildDaemon();
  daemon = await new DaemonProcess(DaemonProcess.tempDir()).start();
}, 180_000);

afterAll(async () => {
  await daemon.terminate();
});

describe('scenario 7: generated bad input against the real daemon', () => {
  it('answers 1,000 bad requests across every route with a 4xx naming the problem, writes nothing, stays healthy', async () => {
    const seed = runSeed();
    const result = await runBadInput(daemon, { requests: 1000, seed });
    expect({ seed, violations: result.violations }).toEqual({ seed, violations: [] });
    expect(result.figures['bad inputs tried']).toBeGreaterThanOrEqual(1000);
  }, 120_000);
});
