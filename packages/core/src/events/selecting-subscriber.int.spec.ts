import { IsInt, IsString } from 'class-validator';
import { inject, injectable } from 'inversify';
import { type Kysely, sql } from 'kysely';
import { type Application } from '../context/application';
import { BoundedContext } from '../context/bounded-context';
import { Command, type CommandHandler } from '../commands/command';
import { CORE_TOKENS } from '../core.tokens';
import { tablesOf } from '../database/database';
import { type Transaction, type UnitOfWork } from '../database/unit-of-work';
import { type DomainEvent } from '../domain';
import { createTestApplication } from '../testing';
import { DeliverEvents } from './deliver-events.command';
import { type EventSubscriber } from './event-subscriber';

// A durable subscriber with `select`: only the events it keeps in the writing transaction are
// queued for it; a transaction whose events it leaves out writes nothing for it at all.

interface PickTables {
  pick_watched: { owner: string };
  pick_projection: { event_id: string };
}

const seen = { calls: [] as string[][] };

class Note extends Command<void> {
  static readonly type = 'pick.record';
  @IsString() owner!: string;
  @IsInt() count!: number;
  /** Watch `owner` in the same transaction, before the events (select must see it). */
  @IsInt() watchFirst!: number;
}

@injectable()
class NoteHandler implements CommandHandler<Note> {
  static readonly handles = Note;
  constructor(@inject(CORE_TOKENS.UnitOfWork) private readonly uow: UnitOfWork) {}
  execute(command: Note): Promise<void> {
    return this.uow.run(async (tx) => {
      if (command.watchFirst === 1) {
        await tablesOf<PickTables>(tx.db)
          .insertInto('pick_watched')
          .values({ owner: command.owner })
          .execute();
      }
      tx.recordEvents(
        Array.from({ length: command.count }, (_, i) => ({
          eventId: `${command.owner}-${i}`,
          type: 'pick.recorded',
          aggregateId: command.owner,
          occurredAt: '2026-09-10T08:30:00.000Z',
          payload: { owner: command.owner },
        })),
      );
    });
  }
}

const ownerOf = (event: DomainEvent): string => (event.payload as { owner: string }).owner;

@injectable()
class WatchedProjector implements EventSubscriber {
  static readonly subscriberName = 'pick.watched';
  static readonly subscribesTo = ['pick.recorded'] as const;

  async select(events: readonly DomainEvent[], tx: Transaction): Promise<readonly DomainEvent[]> {
    const rows = await tablesOf<PickTables>(tx.db)
      .selectFrom('pick_watched')
      .select('owner')
      .execute();
    const watched = new Set(rows.map((r) => r.owner));
    return events.filter((e) => watched.has(ownerOf(e)));
  }

  handle(event: DomainEvent, tx: Transaction): Promise<void> {
    return this.handleMany([event], tx);
  }

  async handleMany(events: readonly DomainEvent[], tx: Transaction): Promise<void> {
    seen.calls.push(events.map((e) => e.eventId));
    await tablesOf<PickTables>(tx.db)
      .insertInto('pick_projection')
      .values(events.map((e) => ({ event_id: e.eventId })))
      .execute();
  }
}

const pickContext = BoundedContext.create({
  name: 'pick',
  migrations: {
    '2026_11_30_0900_create_pick_tables': {
      async up(db: Kysely<unknown>): Promise<void> {
        await db.schema.createTable('pick_watched').addColumn('owner', 'text').execute();
        await db.schema.createTable('pick_projection').addColumn('event_id', 'text').execute();
      },
    },
  },
  commands: [NoteHandler],
  events: [WatchedProjector],
});

const apps: Application[] = [];

beforeEach(() => {
  seen.calls = [];
});

afterEach(async () => {
  for (const app of apps.splice(0)) {
    await app.stop();
  }
});

const record = (owner: string, count: number, watchFirst: boolean): Note =>
  Object.assign(new Note(), { owner, count, watchFirst: watchFirst ? 1 : 0 });

async function queuedFor(db: Kysely<unknown>): Promise<{ queueRows: number; eventRows: number }> {
  const queue = await sql<{ n: number }>`select count(*) as n from shared_scheduled_commands
    where command_type = ${DeliverEvents.type}`.execute(db);
  const rows = await sql<{ n: number }>`select count(*) as n from shared_event_rows`.execute(db);
  return { queueRows: Number(queue.rows[0]?.n), eventRows: Number(rows.rows[0]?.n) };
}

describe('durable subscribers that select their events in the writing transaction', () => {
  it('a transaction whose events the subscriber leaves out writes no event row and no queue row for it', async () => {
    const { app } = await createTestApplication([pickContext]);
    apps.push(app);
    await app.dispatch(record('ann', 3, false));
    expect(await queuedFor(app.database.kysely)).toEqual({ queueRows: 0, eventRows: 0 });
  });

  it('only the kept events are queued and handed over, and select sees the transaction’s own writes', async () => {
    const { app, clock } = await createTestApplication([pickContext]);
    apps.push(app);
    await app.dispatch(record('bob', 2, true));
    await app.dispatch(record('ann', 2, false));
    expect(await queuedFor(app.database.kysely)).toEqual({ queueRows: 1, eventRows: 2 });
    app.start();
    await clock.advance(0);
    await app.queue.idle();
    expect(seen.calls).toEqual([['bob-0', 'bob-1']]);
    const projected = await tablesOf<PickTables>(app.database.kysely)
      .selectFrom('pick_projection')
      .select('event_id')
      .orderBy('event_id')
      .execute();
    expect(projected.map((r) => r.event_id)).toEqual(['bob-0', 'bob-1']);
  });
});
