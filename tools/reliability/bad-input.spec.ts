import { runBadInput } from './scenarios/bad-input.scenario';
import { daemonPerFile } from '@tickler/testing';
import { runSeed } from './support/seeded-random';

const shared = daemonPerFile({ build: true, tempPrefix: 'tickler-rel-' });

describe('scenario 7: generated bad input against the real daemon', () => {
  it('answers 1,000 bad requests across every route with a 4xx naming the problem, writes nothing, stays healthy', async () => {
    const seed = runSeed();
    const result = await runBadInput(shared.daemon, { requests: 1000, seed });
    expect({ seed, violations: result.violations }).toEqual({ seed, violations: [] });
    expect(result.figures['bad inputs tried']).toBeGreaterThanOrEqual(1000);
  }, 120_000);
});
