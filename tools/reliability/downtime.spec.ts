import { runDowntime } from './scenarios/downtime.scenario';

describe('scenario 2: downtime of 3 days with the manual clock', () => {
  it('runs each repeatable job once with skipped runs recorded, sends inside grace, misses older, fires nothing else', async () => {
    const result = await runDowntime({ perClass: 40 });
    expect(result.violations).toEqual([]);
    expect(result.figures['sent on start']).toBe(41);
  }, 60_000);
});
