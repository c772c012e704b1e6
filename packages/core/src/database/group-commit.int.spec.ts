import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import { ledgerContext } from '../../test/fixtures/ledger-context';
import { type Application } from '../context/application';
import { type DomainEvent } from '../domain';
import { createTempDirectory, createTestApplication, type TempDirectory } from '../testing';
import { type Transaction } from './unit-of-work';
import { MAX_GROUP } from './group-commit';

let dir: TempDirectory;
let app: Application;
let reader: BetterSqlite3.Database;

beforeEach(async () => {
  dir = createTempDirectory();
  ({ app } = await createTestApplication([ledgerContext], { file: dir.file('app.db') }));
  // A second connection sees only what has been committed.
  reader = new BetterSqlite3(dir.file('app.db'), { readonly: true });
});

afterEach(async () => {
  reader.close();
  await app.stop();
  dir.remove();
});

function committed(): string[] {
  return (
    reader.prepare('select id from ledger_entries order by id').all() as { id: string }[]
  ).map((r) => r.id);
}

async function insert(tx: Transaction, id: string): Promise<void> {
  await sql`insert into ledger_entries (id, label, created_at) values (${id}, ${id}, '2026-09-10T08:30:00.000Z')`.execute(
    tx.db,
  );
}

function event(id: string): DomainEvent {
  return { eventId: id, type: 'test.grouped', aggregateId: id, occurredAt: '', payload: {} };
}

const GROUP = { group: true } as const;

describe('UnitOfWork group commit (SQLite)', () => {
  it('calls made together share one transaction and each settles only after its commit', async () => {
    const committedWhileRunning: string[][] = [];
    const committedAtSettle: string[][] = [];
    const calls = ['a', 'b', 'c'].map((id) =>
      app.uow
        .run(async (tx) => {
          committedWhileRunning.push(committed());
          await insert(tx, id);
          return id;
        }, GROUP)
        .then((value) => {
          committedAtSettle.push(committed());
          return value;
        }),
    );
    expect(await Promise.all(calls)).toEqual(['a', 'b', 'c']);
    // b and c ran before a committed: one transaction, not three.
    expect(committedWhileRunning).toEqual([[], [], []]);
    expect(committedAtSettle).toEqual([
      ['a', 'b', 'c'],
      ['a', 'b', 'c'],
      ['a', 'b', 'c'],
    ]);
  });

  it('a failing call rolls back alone: the others commit, publish their events and run their callbacks', async () => {
    const published: string[] = [];
    app.events.subscribe('test.grouped', (e) => published.push(e.eventId));
    const callbacks: string[] = [];
    const call = (id: string, fail: boolean) =>
      app.uow.run(async (tx) => {
        await insert(tx, id);
        tx.recordEvents([event(id)]);
        tx.afterCommit(() => callbacks.push(id));
        if (fail) {
          throw new Error(`${id} fails after its write`);
        }
        return id;
      }, GROUP);
    const outcomes = await Promise.allSettled([
      call('a', false),
      call('b', true),
      call('c', false),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toEqual(
      new Error('b fails after its write'),
    );
    expect(committed()).toEqual(['a', 'c']);
    expect(published).toEqual(['a', 'c']);
    expect(callbacks).toEqual(['a', 'c']);
  });

  it('a call made alone runs without a savepoint: committed and published, or rolled back whole when it throws', async () => {
    const published: string[] = [];
    app.events.subscribe('test.grouped', (e) => published.push(e.eventId));
    const alone = (id: string, fail: boolean) =>
      app.uow.run(async (tx) => {
        await insert(tx, id);
        tx.recordEvents([event(id)]);
        if (fail) {
          throw new Error(`${id} fails after its write`);
        }
        return id;
      }, GROUP);
    await expect(alone('a', false)).resolves.toBe('a');
    await expect(alone('b', true)).rejects.toThrow('b fails after its write');
    await expect(alone('c', false)).resolves.toBe('c');
    expect(committed()).toEqual(['a', 'c']);
    expect(published).toEqual(['a', 'c']);
  });

  it('a call whose error ended the whole transaction fails the calls before it; the later ones commit in a new one', async () => {
    const outcomes = await Promise.allSettled([
      app.uow.run((tx) => insert(tx, 'a'), GROUP),
      app.uow.run(async (tx) => {
        await insert(tx, 'b');
        // What SQLite does by itself on a full disk or an I/O error.
        await sql`rollback`.execute(tx.db);
        throw new Error('b ended the transaction');
      }, GROUP),
      app.uow.run((tx) => insert(tx, 'c'), GROUP),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'fulfilled']);
    expect((outcomes[0] as PromiseRejectedResult).reason).toEqual(
      new Error('b ended the transaction'),
    );
    expect(committed()).toEqual(['c']);
    // The connection is usable afterwards.
    await app.uow.run((tx) => insert(tx, 'd'), GROUP);
    expect(committed()).toEqual(['c', 'd']);
  });

  it(`takes at most ${MAX_GROUP} calls per transaction; the rest commit in the next`, async () => {
    const before: number[] = [];
    const ids = Array.from({ length: MAX_GROUP + 2 }, (_, i) => `e${String(i).padStart(3, '0')}`);
    await Promise.all(
      ids.map((id) =>
        app.uow.run(async (tx) => {
          before.push(committed().length);
          await insert(tx, id);
        }, GROUP),
      ),
    );
    expect(before.slice(0, MAX_GROUP).every((n) => n === 0)).toBe(true);
    expect(before.slice(MAX_GROUP)).toEqual([MAX_GROUP, MAX_GROUP]);
    expect(committed()).toEqual(ids);
  });

  it('a grouped call inside an open transaction joins it', async () => {
    await expect(
      app.uow.run(async (outer) => {
        await insert(outer, 'outer');
        await app.uow.run(async (inner) => {
          expect(inner).toBe(outer);
          await insert(inner, 'inner');
        }, GROUP);
        throw new Error('outer fails');
      }),
    ).rejects.toThrow('outer fails');
    expect(committed()).toEqual([]);
  });
});
