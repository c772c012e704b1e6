import { runLeaseFencing } from './scenarios/lease-fencing.scenario';

describe('scenario 6: lease expiry with a slow webhook receiver', () => {
  it('sends no second attempt while the lease holds, and a zombie attempt never overwrites the newer one', async () => {
    const result = await runLeaseFencing({ rounds: 1 });
    expect(result.violations).toEqual([]);
    expect(result.figures.rounds).toBe(8);
  }, 60_000);
});
