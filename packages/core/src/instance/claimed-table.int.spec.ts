import { sql } from 'kysely';
import { createTestApplication, REFERENCE_TIME } from '../testing';
import { type ClaimedTable, expireClaimsIn, holdersIn } from './claimed-table';

const QUEUE_ROWS: ClaimedTable = {
  table: 'shared_scheduled_commands',
  claimedStatus: 'running',
  leaseColumn: 'run_at',
  meantForColumn: 'scheduled_for',
};
const LEASE = '2026-09-10T08:31:00.000Z';

describe('claimed tables', () => {
  it('list the instances holding claims and end one instance’s leases, back to their place in line', async () => {
    const { app } = await createTestApplication();
    for (const [id, holder, scheduledFor] of [
      ['a', 'dead-1', '2026-09-10T08:29:00.000Z'],
      ['b', 'dead-1', '2026-09-10T08:35:00.000Z'], // meant for later than now: due now
      ['c', 'alive-1', '2026-09-10T08:29:00.000Z'],
    ] as const) {
      await sql`insert into shared_scheduled_commands (id, command_type, payload, status, run_at, scheduled_for, attempts, max_attempts, backoff_base_ms, backoff_max_ms, lease_token, claimed_by, runs, skipped_runs, failed_runs, created_at, updated_at)
        values (${id}, 't', '{}', 'running', ${LEASE}, ${scheduledFor}, 1, 5, 1000, 60000, 'tok', ${holder}, 0, 0, 0, ${REFERENCE_TIME}, ${REFERENCE_TIME})`.execute(
        app.database.kysely,
      );
    }
    expect((await holdersIn(app.database.kysely, QUEUE_ROWS)).sort()).toEqual([
      'alive-1',
      'dead-1',
    ]);
    expect(await expireClaimsIn(app.database.kysely, QUEUE_ROWS, ['dead-1'], REFERENCE_TIME)).toBe(
      2,
    );
    // A second pass moves nothing: those leases are over already.
    expect(await expireClaimsIn(app.database.kysely, QUEUE_ROWS, ['dead-1'], REFERENCE_TIME)).toBe(
      0,
    );
    const { rows } = await sql<{
      id: string;
      run_at: string;
    }>`select id, run_at from shared_scheduled_commands order by id`.execute(app.database.kysely);
    expect(rows).toEqual([
      { id: 'a', run_at: '2026-09-10T08:29:00.000Z' },
      { id: 'b', run_at: REFERENCE_TIME },
      { id: 'c', run_at: LEASE },
    ]);
    await app.stop();
  });
});
