import { sql } from 'kysely';
import { type Database } from '../database/database';
import { migrateContext } from '../database/migrations';
import { coreMigrations } from '../core.migrations';
import { createTempDirectory, openTestDatabase, testBackend, type TempDirectory } from '../testing';
import { QueueStore } from './queue-store';
import { type NewScheduledCommandRow } from './queue.tables';

const NOW = '2026-09-10T08:30:00.000Z';
const LEASE = '2026-09-10T08:30:30.000Z';
let dir: TempDirectory;
let database: Database;
const store = new QueueStore(testBackend());

function row(id: string, key: string | null = null): NewScheduledCommandRow {
  return {
    id,
    command_type: 't.x',
    payload: '{}',
    key,
    status: 'pending',
    run_at: NOW,
    scheduled_for: NOW,
    attempts: 0,
    max_attempts: 3,
    backoff_base_ms: 1000,
    backoff_max_ms: 60_000,
    lease_token: null,
    last_error: null,
    repeat_every_ms: null,
    repeat_cron: null,
    repeat_tz: null,
    runs: 0,
    skipped_runs: 0,
    failed_runs: 0,
    last_run_at: null,
    created_at: NOW,
    updated_at: NOW,
  };
}

async function snapshot(): Promise<unknown[]> {
  return (await sql`select * from shared_scheduled_commands order by id`.execute(database.kysely))
    .rows;
}

beforeEach(async () => {
  dir = createTempDirectory();
  database = await openTestDatabase({ file: dir.file('app.db') });
  await migrateContext(database.kysely, 'shared', coreMigrations);
  await store.insert(database.kysely, row('r1'), 'replace');
  await store.insert(database.kysely, row('r2'), 'replace');
});

afterEach(async () => {
  await database.close();
  dir.remove();
});

describe('QueueStore fencing', () => {
  it('claims by compare-and-swap: a second claim of the same due rows gets nothing', async () => {
    const first = await store.claim(database.kysely, NOW, LEASE, 'token-a', 10, 'instance-1');
    const second = await store.claim(database.kysely, NOW, LEASE, 'token-b', 10, 'instance-1');
    expect(first.map((r) => [r.id, r.status, r.lease_token, r.attempts, r.run_at])).toEqual([
      ['r1', 'running', 'token-a', 1, LEASE],
      ['r2', 'running', 'token-a', 1, LEASE],
    ]);
    expect(second).toEqual([]);
  });

  it('every settle with a stale token changes nothing and reports it', async () => {
    await store.claim(database.kysely, NOW, LEASE, 'old', 10, 'instance-1');
    // Lease expired; another claimer took the rows.
    await store.claim(database.kysely, LEASE, '2026-09-10T08:31:00.000Z', 'new', 10, 'instance-1');
    const before = await snapshot();
    expect(
      await store.settle(database.kysely, 'r1', 'old', { status: 'failed', last_error: 'x' }),
    ).toBe(false);
    expect(await store.complete(database.kysely, 'old', ['r1', 'r2'])).toBe(0);
    expect(await store.deleteHeld(database.kysely, 'r2', 'old')).toBe(false);
    expect(await store.extendLease(database.kysely, 'old', '2026-09-10T09:00:00.000Z', LEASE)).toBe(
      0,
    );
    expect(await store.release(database.kysely, ['old'], LEASE)).toBe(0);
    expect(await snapshot()).toEqual(before);
    // The current holder can.
    expect(await store.complete(database.kysely, 'new', ['r1'])).toBe(1);
    expect(
      await store.settle(database.kysely, 'r2', 'new', { status: 'pending', lease_token: null }),
    ).toBe(true);
  });

  it('keeps one pending row per key; a running row does not block a new pending one', async () => {
    await store.insert(
      database.kysely,
      { ...row('k1', 'wake'), run_at: '2026-09-10T09:00:00.000Z' },
      'keep-earlier',
    );
    await store.insert(
      database.kysely,
      { ...row('k2', 'wake'), run_at: '2026-09-10T10:00:00.000Z' },
      'keep-earlier',
    );
    expect(await store.findPendingByKey(database.kysely, 'wake')).toMatchObject({
      id: 'k1',
      run_at: '2026-09-10T09:00:00.000Z',
    });
    await store.insert(
      database.kysely,
      { ...row('k3', 'wake'), run_at: '2026-09-10T08:45:00.000Z' },
      'keep-existing',
    );
    expect(await store.findPendingByKey(database.kysely, 'wake')).toMatchObject({
      id: 'k1',
      run_at: '2026-09-10T09:00:00.000Z',
    });
    await store.claim(
      database.kysely,
      '2026-09-10T09:00:00.000Z',
      '2026-09-10T09:00:30.000Z',
      't',
      10,
      'instance-1',
    );
    await store.insert(
      database.kysely,
      { ...row('k4', 'wake'), run_at: '2026-09-10T11:00:00.000Z' },
      'keep-earlier',
    );
    const { rows } = await sql<{
      id: string;
      status: string;
    }>`select id, status from shared_scheduled_commands where key = 'wake' order by id`.execute(
      database.kysely,
    );
    expect(rows).toEqual([
      { id: 'k1', status: 'running' },
      { id: 'k4', status: 'pending' },
    ]);
  });
});
