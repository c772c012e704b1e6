import { runClockJumps } from './scenarios/clock-jumps.scenario';
import { runSeed } from './support/seeded-random';

describe('scenario 4: clock jumps and suspend/resume (manual clock)', () => {
  it('never fires twice, early or not at all across ±1 h jumps and suspends', async () => {
    const seed = runSeed();
    const result = await runClockJumps({ deliveries: 400, steps: 60, seed });
    expect({ seed, violations: result.violations }).toEqual({ seed, violations: [] });
    expect(result.figures['forward jumps']).toBeGreaterThan(0);
    expect(result.figures['backward jumps']).toBeGreaterThan(0);
  }, 60_000);
});
