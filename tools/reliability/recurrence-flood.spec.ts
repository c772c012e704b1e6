import { runRecurrenceFlood } from './scenarios/recurrence-flood.scenario';
import { daemonPerFile } from '@tickler/testing';

const shared = daemonPerFile({ build: true, tempPrefix: 'tickler-rel-' });

describe('scenario 16: recurrence rules built to freeze the daemon (fast variant)', () => {
  it("refuses issue 29's rule in Europe/Berlin and the other floods naming repeat.rule, accepts the costliest allowed ones, and answers /healthz throughout", async () => {
    const result = await runRecurrenceFlood(shared.daemon, { rounds: 2 });
    expect(result.violations).toEqual([]);
    expect(result.figures['healthz answered']).toBeGreaterThan(0);
  }, 120_000);
});
