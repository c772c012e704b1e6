import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import { addEntry, ledgerContext, ledgerRows, observed } from '../../test/fixtures/ledger-context';
import { type Application } from '../context/application';
import { type DomainEvent } from '../domain';
import { createTempDirectory, createTestApplication, type TempDirectory } from '../testing';

let dir: TempDirectory;
let app: Application;
let reader: BetterSqlite3.Database;

beforeEach(async () => {
  dir = createTempDirectory();
  observed.afterCommit.length = 0;
  ({ app } = await createTestApplication([ledgerContext], { file: dir.file('app.db') }));
  // A second connection sees only what has been committed.
  reader = new BetterSqlite3(dir.file('app.db'), { readonly: true });
});

afterEach(async () => {
  reader.close();
  await app.stop();
  dir.remove();
});

function committedCount(table: string): number {
  return (reader.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
}

describe('UnitOfWork on a file database', () => {
  it('commits the domain write, the queue row and the subscriber row together', async () => {
    await app.dispatch(addEntry('e1'));
    expect(committedCount('ledger_entries')).toBe(1);
    // The follow-up command and the projector's delivery row.
    expect(committedCount('shared_scheduled_commands')).toBe(2);
    expect(observed.afterCommit).toEqual(['e1']);
  });

  it('a throwing callback rolls back everything, publishes nothing and runs no afterCommit', async () => {
    const published: DomainEvent[] = [];
    app.events.subscribe('*', (event) => published.push(event));
    await expect(app.dispatch(addEntry('e1', true))).rejects.toThrow('failing e1 after its writes');
    expect(committedCount('ledger_entries')).toBe(0);
    expect(committedCount('shared_scheduled_commands')).toBe(0);
    expect(await ledgerRows(app.database.kysely, 'ledger_entries')).toEqual([]);
    expect(published).toEqual([]);
    expect(observed.afterCommit).toEqual([]);
    // The connection is usable afterwards (the transaction really ended).
    await app.dispatch(addEntry('e2'));
    expect(committedCount('ledger_entries')).toBe(1);
  });

  it('publishes events to in-memory listeners only after commit', async () => {
    const seenAtPublish: { type: string; committedEntries: number }[] = [];
    app.events.subscribe('ledger.added', (event) =>
      seenAtPublish.push({ type: event.type, committedEntries: committedCount('ledger_entries') }),
    );
    let publishedBeforeReturn = -1;
    await app.uow.run(async (tx) => {
      await sql`insert into ledger_entries (id, label, created_at) values ('x', 'x', '2026-09-10T08:30:00.000Z')`.execute(
        tx.db,
      );
      tx.recordEvents([
        {
          eventId: 'ev-1',
          type: 'ledger.added',
          aggregateId: 'x',
          occurredAt: '2026-09-10T08:30:00.000Z',
          payload: {},
        },
      ]);
      publishedBeforeReturn = seenAtPublish.length;
    });
    expect(publishedBeforeReturn).toBe(0);
    expect(seenAtPublish).toEqual([{ type: 'ledger.added', committedEntries: 1 }]);
  });

  it('a nested run joins the outer transaction: same transaction, rolled back together', async () => {
    const outcome = app.uow.run(async (outer) => {
      await sql`insert into ledger_entries (id, label, created_at) values ('outer', 'o', '2026-09-10T08:30:00.000Z')`.execute(
        outer.db,
      );
      await app.uow.run(async (inner) => {
        expect(inner).toBe(outer);
        await sql`insert into ledger_entries (id, label, created_at) values ('inner', 'i', '2026-09-10T08:30:00.000Z')`.execute(
          inner.db,
        );
      });
      expect(committedCount('ledger_entries')).toBe(0);
      throw new Error('outer fails after the inner run returned');
    });
    await expect(outcome).rejects.toThrow('outer fails');
    expect(committedCount('ledger_entries')).toBe(0);
  });

  it('a nested run commits with the outer one and its afterCommit runs only then', async () => {
    const order: string[] = [];
    await app.uow.run(async (outer) => {
      await app.uow.run((inner) => {
        inner.afterCommit(() => order.push('inner afterCommit'));
        return Promise.resolve();
      });
      order.push('inner returned');
      await sql`insert into ledger_entries (id, label, created_at) values ('a', 'a', '2026-09-10T08:30:00.000Z')`.execute(
        outer.db,
      );
    });
    expect(order).toEqual(['inner returned', 'inner afterCommit']);
    expect(committedCount('ledger_entries')).toBe(1);
  });

  it('a policy (onBeforeCommitFirst) runs before the dispatcher: its events reach durable subscribers; its throw rolls back', async () => {
    const seen: string[] = [];
    app.uow.onBeforeCommit((_tx, events) => {
      seen.push(...events.map((e) => e.eventId));
      return Promise.resolve();
    });
    let fail = false;
    app.uow.onBeforeCommitFirst((tx, events) => {
      if (fail) {
        return Promise.reject(new Error('policy refused'));
      }
      if (events.some((e) => e.eventId === 'cause')) {
        tx.recordEvents([
          { eventId: 'effect', type: 'test.effect', aggregateId: 'a', occurredAt: '', payload: {} },
        ]);
      }
      return Promise.resolve();
    });
    await app.uow.run((tx) => {
      tx.recordEvents([
        { eventId: 'cause', type: 'test.cause', aggregateId: 'a', occurredAt: '', payload: {} },
      ]);
      return Promise.resolve();
    });
    expect(seen).toEqual(['cause', 'effect']);
    fail = true;
    await expect(
      app.uow.run(async (tx) => {
        await sql`insert into ledger_entries (id, label, created_at) values ('b', 'b', '2026-09-10T08:30:00.000Z')`.execute(
          tx.db,
        );
      }),
    ).rejects.toThrow('policy refused');
    expect(committedCount('ledger_entries')).toBe(0);
    fail = false; // app.stop() commits too
  });
});
