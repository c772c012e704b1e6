import { sql } from 'kysely';
import { closeGate, probe, probeContext, resetProbe } from '../../test/fixtures/probe-context';
import { createTempDirectory, createTestApplication, REFERENCE_TIME } from '../testing';

describe('stop at its deadline', () => {
  it('folds a held keyed row into the pending row that took its key meanwhile, due now', async () => {
    resetProbe();
    const dir = createTempDirectory();
    const { app, clock } = await createTestApplication([probeContext], {
      file: dir.file('app.db'),
    });
    const gate = closeGate();
    await app.queue.enqueue(probe('wake'), { key: 'wake' });
    app.start();
    const moving = clock.advance(0);
    await gate.entered;
    // While the held run is in flight, a new wake-up takes the key (a pending row of its own).
    await app.queue.enqueue(probe('wake'), {
      key: 'wake',
      delayMs: 60_000,
      onKeyConflict: 'keep-earlier',
    });
    await app.queue.stop({ deadlineMs: 10 });
    const { rows } = await sql<{
      key: string;
      status: string;
      run_at: string;
    }>`select key, status, run_at from shared_scheduled_commands`.execute(app.database.kysely);
    expect(rows).toEqual([{ key: 'wake', status: 'pending', run_at: REFERENCE_TIME }]);
    gate.open();
    await moving;
    await app.stop();
    dir.remove();
  });
});
