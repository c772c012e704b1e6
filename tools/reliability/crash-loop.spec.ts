import { buildDaemon } from '@tickler/testing';
import { runCrashLoop } from './scenarios/crash-loop.scenario';
import { runSeed } from './support/seeded-random';

// The scenario spawns the built daemon.
beforeAll(() => buildDaemon(), 180_000);

describe('scenario 1: crash loop (fast variant) against the real daemon', () => {
  it('SIGKILLed while delivering and restarted: every delivery sent, each inbox row once', async () => {
    const seed = runSeed();
    // Inbox deliveries only: webhook retries back off on the wall clock, and on a loaded 2-core
    // machine a starved in-process receiver let a few exhaust them (4 of 30, never received);
    // `npm run torture` runs this scenario with webhooks at full size.
    const result = await runCrashLoop({
      deliveries: 300,
      kills: 3,
      seed,
      webhookEvery: 0,
      drainDeadlineMs: 60_000,
    });
    expect({ seed, violations: result.violations }).toEqual({ seed, violations: [] });
    expect(result.figures['kills survived']).toBe(3);
  }, 180_000);
});
