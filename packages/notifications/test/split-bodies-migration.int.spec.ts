// Both back ends: a schema made by the previous release (every migration before the split), rows
// written with its column set, then the split.
import { type Database } from '@tickler/core';
import { migrateContext } from '@tickler/core';
import { openTestDatabase } from '@tickler/core/testing';
import { sql } from 'kysely';
import { notificationsMigrations } from '../src/migrations/notifications.migrations';

const SPLIT = '2027_01_20_0910_split_delivery_bodies';
const BODY = [
  'channels',
  'title',
  'message',
  'url',
  'source_collection',
  'source_id',
  'event_at',
  'expires_at',
  'snoozed_from',
  'priority',
];
const T = (minutes: number) => new Date(Date.UTC(2027, 0, 15, 9, minutes)).toISOString();

/** Rows as the release before the split wrote them: every column of the old wide table. */
const OLD_ROWS: Record<string, string | number | null>[] = [
  // A producer's scheduled reminder with everything set.
  {
    id: 'a-scheduled',
    recipient_id: 'alice',
    channels: '["inbox","webhook"]',
    title: 'Bins out',
    message: 'Trash and recycling.',
    url: '/bins',
    scheduled_at: T(30),
    status: 'scheduled',
    attempts: 0,
    last_error: null,
    sent_at: null,
    inbox_id: null,
    source_app: 'home',
    source_key: 'bins',
    source_collection: 'pickups',
    source_id: 'p1',
    source_rule: 'lead:600',
    idempotency_key: null,
    event_at: T(40),
    expires_at: T(50),
    missed_reason: null,
    created_at: T(0),
    updated_at: T(1),
    due_at: T(30),
    sort_at: T(30),
    snoozed_from: null,
    priority: 'high',
    deferred_from: T(20),
    digest_id: null,
  },
  // A sent snooze inside a digest, with an idempotency key.
  {
    id: 'b-sent',
    recipient_id: 'bob',
    channels: null,
    title: 'Call mum',
    message: '',
    url: null,
    scheduled_at: null,
    status: 'sent',
    attempts: 1,
    last_error: null,
    sent_at: T(5),
    inbox_id: 'digest-1',
    source_app: null,
    source_key: null,
    source_collection: null,
    source_id: null,
    source_rule: null,
    idempotency_key: 'req-7',
    event_at: null,
    expires_at: null,
    missed_reason: null,
    created_at: T(2),
    updated_at: T(5),
    due_at: null,
    sort_at: T(2),
    snoozed_from: 'inbox-9',
    priority: 'normal',
    deferred_from: null,
    digest_id: 'digest-1',
  },
  // A missed one that failed a channel first.
  {
    id: 'c-missed',
    recipient_id: 'alice',
    channels: '["email"]',
    title: 'Train',
    message: 'Platform 4',
    url: 'https://example.test/t',
    scheduled_at: T(10),
    status: 'missed',
    attempts: 0,
    last_error: 'timeout',
    sent_at: null,
    inbox_id: null,
    source_app: null,
    source_key: null,
    source_collection: null,
    source_id: null,
    source_rule: null,
    idempotency_key: null,
    event_at: null,
    expires_at: T(12),
    missed_reason: 'expired',
    created_at: T(3),
    updated_at: T(14),
    due_at: null,
    sort_at: T(10),
    snoozed_from: null,
    priority: 'normal',
    deferred_from: null,
    digest_id: null,
  },
];

let db: Database;
beforeEach(async () => {
  db = await openTestDatabase();
  const before = Object.fromEntries(
    Object.entries(notificationsMigrations).filter(([name]) => name < SPLIT),
  );
  await migrateContext(db.kysely, 'notifications', before);
  for (const row of OLD_ROWS) {
    const columns = Object.keys(row);
    await sql`insert into notification_deliveries (${sql.join(columns.map((c) => sql.ref(c)))})
      values (${sql.join(columns.map((c) => row[c]))})`.execute(db.kysely);
  }
  await migrateContext(db.kysely, 'notifications', notificationsMigrations);
});
afterEach(async () => {
  await db.close();
});

describe(`migration ${SPLIT} on a database of the previous release`, () => {
  it('moves every body to notification_bodies and keeps every state column on the row', async () => {
    const { rows } = await sql<Record<string, unknown>>`
      select d.*, ${sql.join(BODY.map((c) => sql.ref(`b.${c}`)))}
      from notification_deliveries d join notification_bodies b on b.id = d.id
      order by d.id`.execute(db.kysely);
    expect(rows.map((r) => ({ ...r, attempts: Number(r.attempts) }))).toEqual(OLD_ROWS);
    const bodies = await sql<{ n: number }>`select count(*) as n from notification_bodies`.execute(
      db.kysely,
    );
    expect(Number(bodies.rows[0]?.n)).toBe(OLD_ROWS.length);
  });

  it('leaves the state table without the body columns and with the five indexes it needs', async () => {
    const { rows } = await sql<{ id: string }>`select * from notification_deliveries`.execute(
      db.kysely,
    );
    for (const column of BODY) {
      expect(Object.keys(rows[0] ?? {})).not.toContain(column);
    }
    const indexes = await sql<{ name: string }>`${
      db.dialect === 'postgres'
        ? sql`select indexname as name from pg_indexes where tablename = 'notification_deliveries' and schemaname = current_schema() and indexname not like '%pkey'`
        : sql`select name from sqlite_master where type = 'index' and tbl_name = 'notification_deliveries' and sql is not null`
    }`.execute(db.kysely);
    expect(indexes.rows.map((r) => r.name).sort()).toEqual([
      'notification_deliveries_finished_updated_at',
      'notification_deliveries_idempotency',
      'notification_deliveries_recipient_sort',
      'notification_deliveries_scheduled_due_at',
      'notification_deliveries_source',
    ]);
  });

  it('still refuses a second row with the same producer key or idempotency key', async () => {
    const again = (id: string, values: string) =>
      sql
        .raw(
          `insert into notification_deliveries (id, recipient_id, status, created_at, updated_at, sort_at, ${values})`,
        )
        .execute(db.kysely)
        .then(
          () => `${id} inserted`,
          () => `${id} refused`,
        );
    expect(
      await again(
        'dup-source',
        `source_app, source_key, source_rule) values ('dup-source', 'alice', 'canceled', '${T(0)}', '${T(0)}', '${T(0)}', 'home', 'bins', 'lead:600')`,
      ),
    ).toBe('dup-source refused');
    expect(
      await again(
        'dup-key',
        `idempotency_key) values ('dup-key', 'bob', 'canceled', '${T(0)}', '${T(0)}', '${T(0)}', 'req-7')`,
      ),
    ).toBe('dup-key refused');
  });
});
