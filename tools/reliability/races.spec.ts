import { runRaces } from './scenarios/races.scenario';
import { runSeed } from './support/seeded-random';

describe('scenario 5: user commands racing the dispatcher on the same rows', () => {
  it('leaves every row in one consistent state and never delivers a canceled row', async () => {
    const seed = runSeed();
    const result = await runRaces({ rows: 2000, roundSize: 40, seed });
    expect({ seed, violations: result.violations }).toEqual({ seed, violations: [] });
    expect(result.figures['commands won']).toBeGreaterThan(0);
    expect(result.figures['commands refused (409)']).toBeGreaterThan(0);
  }, 90_000);
});
