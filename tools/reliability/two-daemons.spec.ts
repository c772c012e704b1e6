import { buildDaemon } from '@tickler/testing';
import { runTwoDaemons } from './scenarios/two-daemons.scenario';

// The scenario spawns the built daemon.
beforeAll(() => buildDaemon(), 180_000);

describe('scenario 3: two writers (fast variant), two daemons on one database', () => {
  it('deliver the same due rows without a double delivery, lose nothing and log no error', async () => {
    const result = await runTwoDaemons({ deliveries: 400, drainDeadlineMs: 60_000 });
    expect(result.violations).toEqual([]);
  }, 180_000);
});
