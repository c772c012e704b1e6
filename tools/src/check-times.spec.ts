import BetterSqlite3 from 'better-sqlite3';
import { Application, BoundedContext, openSqliteDatabase } from '@tickler/core';
import { createTempDirectory, type TempDirectory } from '@tickler/core/testing';
import { type Kysely } from 'kysely';
import { checkTimes, runCheckTimes } from './check-times';

let dir: TempDirectory;
let file: string;

const shop = BoundedContext.create({
  name: 'shop',
  migrations: {
    '2026_11_30_0800_orders': {
      async up(db: Kysely<unknown>): Promise<void> {
        await db.schema
          .createTable('shop_orders')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('placed_at', 'text', (c) => c.notNull())
          .addColumn('deliver_for', 'text')
          .addColumn('deadline', 'text')
          .addColumn('note', 'text')
          .execute();
      },
    },
  },
});

beforeEach(async () => {
  dir = createTempDirectory();
  file = dir.file('app.db');
  const app = await Application.create({
    database: openSqliteDatabase({ file }),
    contexts: [shop],
  });
  await app.queue.enqueue({ type: 'shop.noop', payload: {} }, { delayMs: 60_000 });
  await app.queue.enqueue(
    { type: 'shop.noop', payload: {} },
    { runAt: '2026-09-10T10:30:00+02:00' },
  );
  await app.stop();
});

afterEach(() => {
  dir.remove();
});

function insert(values: {
  id: string;
  placed_at: unknown;
  deliver_for?: unknown;
  deadline?: unknown;
  note?: string;
}): void {
  const db = new BetterSqlite3(file);
  db.prepare(
    'insert into shop_orders (id, placed_at, deliver_for, deadline, note) values (@id, @placed_at, @deliver_for, @deadline, @note)',
  ).run({
    deliver_for: null,
    deadline: null,
    note: 'hello',
    ...values,
  });
  db.close();
}

describe('check-times', () => {
  it('passes a migrated database written through toIsoUtc, covering the kernel and context columns', () => {
    insert({
      id: 'a',
      placed_at: '2026-09-10T08:30:00.000Z',
      deliver_for: '2026-09-11T00:00:00.000Z',
    });
    const report = checkTimes(file);
    expect(report.problems).toEqual([]);
    const names = report.columns.map((c) => `${c.table}.${c.column}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'shared_scheduled_commands.run_at',
        'shared_scheduled_commands.scheduled_for',
        'shared_scheduled_commands.created_at',
        'shared_processed_events.processed_at',
        'shop_orders.placed_at',
        'shop_orders.deliver_for',
      ]),
    );
    expect(names).not.toContain('shop_orders.note');
    expect(report.rowsChecked).toBeGreaterThan(5);
  });

  it('names the table, column and value of every instant not in the stored form', () => {
    insert({ id: 'a', placed_at: '2026-09-10T08:30:00Z' });
    insert({ id: 'b', placed_at: '2026-09-10T10:30:00.000+02:00' });
    insert({ id: 'c', placed_at: 1_757_493_000_000 });
    insert({ id: 'd', placed_at: '2026-09-10T08:30:00.000Z', deliver_for: '2026-09-10 08:30:00' });
    const { problems } = checkTimes(file);
    expect(problems.filter((p) => p.reason === 'not-iso-utc')).toEqual([
      // A number written into a TEXT column becomes text by affinity, and is caught as such.
      {
        table: 'shop_orders',
        column: 'placed_at',
        value: '1757493000000.0',
        reason: 'not-iso-utc',
      },
      {
        table: 'shop_orders',
        column: 'placed_at',
        value: '2026-09-10T08:30:00Z',
        reason: 'not-iso-utc',
      },
      {
        table: 'shop_orders',
        column: 'placed_at',
        value: '2026-09-10T10:30:00.000+02:00',
        reason: 'not-iso-utc',
      },
      {
        table: 'shop_orders',
        column: 'deliver_for',
        value: '2026-09-10 08:30:00',
        reason: 'not-iso-utc',
      },
    ]);
  });

  it('reports text order that differs from time order', () => {
    insert({ id: 'a', placed_at: '2026-09-10T08:45:00.000Z' });
    insert({ id: 'b', placed_at: '2026-09-10T09:30:00.000+02:00' });
    const { problems } = checkTimes(file);
    expect(problems).toContainEqual({
      table: 'shop_orders',
      column: 'placed_at',
      value: '2026-09-10T09:30:00.000+02:00',
      reason: 'text-order-differs-from-time-order',
    });
  });

  it('detects a time column by its content when its name does not say so', () => {
    insert({
      id: 'a',
      placed_at: '2026-09-10T08:30:00.000Z',
      deadline: '2026-09-10T08:30:00+00:00',
    });
    const report = checkTimes(file);
    expect(report.columns).toContainEqual({
      table: 'shop_orders',
      column: 'deadline',
      detectedBy: 'content',
    });
    expect(report.problems).toEqual([
      {
        table: 'shop_orders',
        column: 'deadline',
        value: '2026-09-10T08:30:00+00:00',
        reason: 'not-iso-utc',
      },
    ]);
  });

  it('exits 0 when clean, 1 with problems, 2 on usage errors', () => {
    const lines: string[] = [];
    expect(runCheckTimes([file], (l) => lines.push(l))).toBe(0);
    expect(lines.at(-1)).toMatch(/time columns, \d+ values, 0 problems$/);
    insert({ id: 'a', placed_at: 'yesterday' });
    lines.length = 0;
    expect(runCheckTimes([file], (l) => lines.push(l))).toBe(1);
    expect(lines).toContain('FAIL shop_orders.placed_at: "yesterday" — not-iso-utc');
    expect(runCheckTimes([], () => undefined)).toBe(2);
    expect(runCheckTimes([dir.file('missing.db')], () => undefined)).toBe(2);
  });
});
