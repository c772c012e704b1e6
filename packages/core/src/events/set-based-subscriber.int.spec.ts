import { IsInt, IsString } from 'class-validator';
import { inject, injectable } from 'inversify';
import { type Kysely, sql } from 'kysely';
import { type Application } from '../context/application';
import { BoundedContext } from '../context/bounded-context';
import { Command, type CommandHandler } from '../commands/command';
import { CORE_TOKENS } from '../core.tokens';
import { tablesOf } from '../database/database';
import { MultiRowInsert } from '../database/multi-row-insert';
import { type Transaction, type UnitOfWork } from '../database/unit-of-work';
import { type DomainEvent } from '../domain';
import { createTestApplication } from '../testing';
import { DeliverEvents } from './deliver-events.command';
import { type EventSubscriber } from './event-subscriber';

// A durable subscriber with the set-based `handleMany`: it must get a queue row's unseen events
// in one call, in the row's transaction, exactly once across failures and redeliveries.

interface BatchTables {
  batch_projection: { event_id: string; n: number };
}

const seen = { calls: [] as string[][], singles: 0, failNext: false };

class AddMany extends Command<void> {
  static readonly type = 'batch.add-many';
  @IsString() prefix!: string;
  @IsInt() count!: number;
}

const eventOf = (eventId: string, n: number): DomainEvent => ({
  eventId,
  type: 'batch.added',
  aggregateId: eventId,
  occurredAt: '2026-09-10T08:30:00.000Z',
  payload: { n },
});

@injectable()
class AddManyHandler implements CommandHandler<AddMany> {
  static readonly handles = AddMany;
  constructor(@inject(CORE_TOKENS.UnitOfWork) private readonly uow: UnitOfWork) {}
  execute(command: AddMany): Promise<void> {
    return this.uow.run((tx) => {
      tx.recordEvents(
        Array.from({ length: command.count }, (_, i) => eventOf(`${command.prefix}-${i}`, i)),
      );
      return Promise.resolve();
    });
  }
}

const PROJECT = new MultiRowInsert<BatchTables['batch_projection']>({
  table: 'batch_projection',
  columns: ['event_id', 'n'],
});

@injectable()
class BatchProjector implements EventSubscriber {
  static readonly subscriberName = 'batch.projection';
  static readonly subscribesTo = ['batch.added'] as const;

  handle(): Promise<void> {
    seen.singles++;
    return Promise.resolve();
  }

  async handleMany(events: readonly DomainEvent[], tx: Transaction): Promise<void> {
    seen.calls.push(events.map((e) => e.eventId));
    await PROJECT.execute(
      tx.db,
      events.map((e) => ({ event_id: e.eventId, n: (e.payload as { n: number }).n })),
    );
    if (seen.failNext) {
      seen.failNext = false;
      throw new Error('projector fails after its writes');
    }
  }
}

const batchContext = BoundedContext.create({
  name: 'batch',
  migrations: {
    '2026_11_30_0900_create_batch_projection': {
      async up(db: Kysely<unknown>): Promise<void> {
        // No unique key: a double projection would show up as two rows.
        await db.schema
          .createTable('batch_projection')
          .addColumn('event_id', 'text', (c) => c.notNull())
          .addColumn('n', 'integer', (c) => c.notNull())
          .execute();
      },
    },
  },
  commands: [AddManyHandler],
  events: [BatchProjector],
});

const apps: Application[] = [];

beforeEach(() => {
  seen.calls = [];
  seen.singles = 0;
  seen.failNext = false;
});

afterEach(async () => {
  for (const app of apps.splice(0)) {
    await app.stop();
  }
});

async function boot(): Promise<Awaited<ReturnType<typeof createTestApplication>>> {
  const booted = await createTestApplication([batchContext]);
  apps.push(booted.app);
  return booted;
}

async function projected(db: Kysely<unknown>): Promise<string[]> {
  const rows = await tablesOf<BatchTables>(db)
    .selectFrom('batch_projection')
    .select('event_id')
    .execute();
  return rows.map((r) => r.event_id).sort();
}

const addMany = (prefix: string, count: number): AddMany =>
  Object.assign(new AddMany(), { prefix, count });

describe('set-based durable subscribers (handleMany)', () => {
  it('get all of a transaction’s events in one call, in order, instead of one handle per event', async () => {
    const { app, clock } = await boot();
    await app.dispatch(addMany('a', 3));
    app.start();
    await clock.advance(0);
    expect(seen.calls).toEqual([['a-0', 'a-1', 'a-2']]);
    expect(seen.singles).toBe(0);
    expect(await projected(app.database.kysely)).toEqual(['a-0', 'a-1', 'a-2']);
  });

  it('a throw rolls back the projection and the taking of the event rows together; the retry projects each event once', async () => {
    const { app, clock } = await boot();
    await app.dispatch(addMany('f', 2));
    seen.failNext = true;
    app.start();
    await clock.advance(0);
    expect(await projected(app.database.kysely)).toEqual([]);
    const { rows } = await sql<{
      n: number;
    }>`select count(*) as n from shared_event_rows`.execute(app.database.kysely);
    expect(Number(rows[0]?.n)).toBe(2);
    await clock.advance(3_600_000);
    expect(seen.calls).toEqual([
      ['f-0', 'f-1'],
      ['f-0', 'f-1'],
    ]);
    expect(await projected(app.database.kysely)).toEqual(['f-0', 'f-1']);
    expect((await app.queue.stats()).failed).toBe(0);
  });

  it('a redelivered row written before event rows hands over only the events not processed before, each once', async () => {
    const { app, clock } = await boot();
    app.start();
    // Processed before the crash (ledger entries committed, the queue row never settled).
    await app.queue.enqueue({
      type: DeliverEvents.type,
      payload: {
        subscriber: BatchProjector.subscriberName,
        eventsJson: JSON.stringify([eventOf('r-0', 0), eventOf('r-1', 1)]),
      },
    });
    await clock.advance(0);
    const events = [
      eventOf('r-0', 0),
      eventOf('new-1', 1),
      eventOf('new-1', 1),
      eventOf('r-1', 1),
      eventOf('new-2', 2),
    ];
    await app.queue.enqueue({
      type: DeliverEvents.type,
      payload: { subscriber: BatchProjector.subscriberName, eventsJson: JSON.stringify(events) },
    });
    await clock.advance(0);
    expect(seen.calls).toEqual([
      ['r-0', 'r-1'],
      ['new-1', 'new-2'],
    ]);
    // A row whose events were all processed calls nothing.
    await app.queue.enqueue({
      type: DeliverEvents.type,
      payload: { subscriber: BatchProjector.subscriberName, eventsJson: JSON.stringify(events) },
    });
    await clock.advance(0);
    expect(seen.calls).toHaveLength(2);
    expect(await projected(app.database.kysely)).toEqual(['new-1', 'new-2', 'r-0', 'r-1']);
    expect((await app.queue.stats()).failed).toBe(0);
  });
});
