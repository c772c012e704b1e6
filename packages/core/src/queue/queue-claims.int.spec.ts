import { type Database } from '../database/database';
import { migrateContext } from '../database/migrations';
import { type Transaction } from '../database/unit-of-work';
import { coreMigrations } from '../core.migrations';
import { msOf } from '../domain';
import { createTempDirectory, openTestDatabase, testBackend, type TempDirectory } from '../testing';
import { QueueClaims } from './queue-claims';
import { QueueStore } from './queue-store';
import { type NewScheduledCommandRow } from './queue.tables';

// Expiring a dead instance's queue claims wakes this queue and the other processes only when a
// claim expired: a look that finds none must not cost every process a wake-up and a drain.
const NOW = '2026-09-10T08:30:00.000Z';
const LEASE = '2026-09-10T08:30:30.000Z';
let dir: TempDirectory;
let database: Database;
const store = new QueueStore(testBackend());

function row(id: string): NewScheduledCommandRow {
  return {
    id,
    command_type: 't.x',
    payload: '{}',
    key: null,
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

/** The claims, with what they announced, armed and left to run after commit. */
function claims() {
  const announced: string[] = [];
  const armed: number[] = [];
  const afterCommit: (() => void)[] = [];
  const tx: Transaction = {
    db: database.kysely,
    recordEvents: () => undefined,
    afterCommit: (callback) => afterCommit.push(callback),
  };
  const subject = new QueueClaims(
    (_tx, runAt) => {
      announced.push(runAt);
      return Promise.resolve();
    },
    (atMs) => armed.push(atMs),
  );
  const commit = () => afterCommit.forEach((callback) => callback());
  return { subject, tx, announced, armed, commit };
}

beforeEach(async () => {
  dir = createTempDirectory();
  database = await openTestDatabase({ file: dir.file('app.db') });
  await migrateContext(database.kysely, 'shared', coreMigrations);
  await store.insert(database.kysely, row('r1'), 'replace');
  await store.claim(database.kysely, NOW, LEASE, 'token-a', 10, 'dead');
});

afterEach(async () => {
  await database.close();
  dir.remove();
});

describe('QueueClaims.expireClaimsOf', () => {
  it("ends a dead instance's leases, announces the instant and arms the timer after commit", async () => {
    const { subject, tx, announced, armed, commit } = claims();
    expect(await subject.expireClaimsOf(tx, ['dead'], NOW)).toBe(1);
    expect(announced).toEqual([NOW]);
    expect(armed).toEqual([]);
    commit();
    expect(armed).toEqual([msOf(NOW)]);
    expect(await subject.holders(database.kysely)).toEqual(['dead']);
  });

  it('neither announces nor arms when those instances hold no claim', async () => {
    const { subject, tx, announced, armed, commit } = claims();
    expect(await subject.expireClaimsOf(tx, ['other'], NOW)).toBe(0);
    commit();
    expect(announced).toEqual([]);
    expect(armed).toEqual([]);
  });
});
