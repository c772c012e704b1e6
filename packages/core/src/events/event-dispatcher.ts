import { type CommandHandler } from '../commands/command';
import { MultiRowInsert } from '../database/multi-row-insert';
import { type Transaction, type UnitOfWork } from '../database/unit-of-work';
import { type DomainEvent, toIsoUtc } from '../domain';
import { type Clock } from '../clock/clock';
import { type DurableCommandQueue } from '../queue/durable-command-queue';
import { type ProcessedEventsTable } from '../queue/queue.tables';
import { DeliverEvents } from './deliver-events.command';
import { EventRows } from './event-rows';
import { type EventSubscriber } from './event-subscriber';

/**
 * The ledger rows of a queue row, compiled once per row count: it returns the events not seen
 * before (a redelivered event conflicts and is left out).
 */
const LEDGER_INSERT = new MultiRowInsert<ProcessedEventsTable, { event_id: string }>({
  table: 'shared_processed_events',
  columns: ['subscriber', 'event_id', 'processed_at'],
  suffix: 'on conflict ("subscriber", "event_id") do nothing returning "event_id"',
});

interface Registration {
  readonly name: string;
  readonly types: ReadonlySet<string>;
  readonly resolve: () => EventSubscriber;
}

/**
 * Feeds durable subscribers. Before a unit of work commits, it writes, per interested
 * subscriber, that transaction's events (those of its types that its `select`, if any, keeps)
 * as rows of one batch (`EventRows`) and one queue row naming the batch (same transaction as
 * the state change); the queue later runs
 * {@link DeliverEvents}, which takes the batch's rows and hands the events to the subscriber in
 * one transaction.
 */
export class EventDispatcher implements CommandHandler<DeliverEvents> {
  private readonly subscribers = new Map<string, Registration>();

  constructor(
    private readonly uow: UnitOfWork,
    private readonly queue: DurableCommandQueue,
    private readonly clock: Clock,
  ) {
    uow.onBeforeCommit((tx, events) => this.enqueueFor(tx, events));
  }

  register(name: string, types: readonly string[], resolve: () => EventSubscriber): void {
    if (this.subscribers.has(name)) {
      throw new Error(`subscriber "${name}" is registered twice`);
    }
    this.subscribers.set(name, { name, types: new Set(types), resolve });
  }

  private async enqueueFor(tx: Transaction, events: readonly DomainEvent[]): Promise<void> {
    if (events.length === 0) {
      return;
    }
    for (const sub of this.subscribers.values()) {
      const typed = events.filter((e) => sub.types.has(e.type));
      if (typed.length === 0) {
        continue;
      }
      const handler = sub.resolve();
      const wanted = handler.select ? await handler.select(typed, tx) : typed;
      if (wanted.length > 0) {
        const batch = await EventRows.write(tx.db, wanted);
        await this.queue.enqueue(
          { type: DeliverEvents.type, payload: { subscriber: sub.name, batch } },
          { maxAttempts: 10 },
          tx,
        );
      }
    }
  }

  /**
   * Hands one queue row's events to its subscriber in ONE transaction: all at once through
   * `handleMany` when it has one, else one by one. A batch's rows are taken (deleted) in that
   * transaction; a row written before event rows existed carries its events itself and goes
   * through the ledger instead. Either way a throw rolls the whole row back and the queue
   * retries it, skipping nothing and repeating nothing. (One transaction per event cost four
   * statements per event and was most of a large drain's time.)
   */
  async execute(command: DeliverEvents): Promise<void> {
    const sub = this.subscribers.get(command.subscriber);
    if (!sub) {
      throw new Error(`unknown subscriber "${command.subscriber}"`);
    }
    const handler = sub.resolve();
    const batch = command.batch;
    if (batch !== undefined) {
      await this.uow.run(async (tx) => {
        const events = await EventRows.take(tx.db, batch);
        if (events.length > 0) {
          await handOver(handler, events, tx);
        }
      });
      return;
    }
    await this.deliverCarried(sub, handler, eventsOf(command));
  }

  /** A queue row that carries its events (written before event rows): the ledger dedups. */
  private async deliverCarried(
    sub: Registration,
    handler: EventSubscriber,
    events: readonly DomainEvent[],
  ): Promise<void> {
    await this.uow.run(async (tx) => {
      const processedAt = toIsoUtc(this.clock.now());
      const inserted = await LEDGER_INSERT.execute(
        tx.db,
        events.map((event) => ({
          subscriber: sub.name,
          event_id: event.eventId,
          processed_at: processedAt,
        })),
      );
      // Events already in the ledger were processed before a crash between commit and settle;
      // an event listed twice in one row is inserted (and handled) once.
      const fresh = new Set(inserted.map((row) => row.event_id));
      const unseen = events.filter((event) => fresh.delete(event.eventId));
      if (unseen.length > 0) {
        await handOver(handler, unseen, tx);
      }
    });
  }
}

async function handOver(
  handler: EventSubscriber,
  events: readonly DomainEvent[],
  tx: Transaction,
): Promise<void> {
  if (handler.handleMany) {
    await handler.handleMany(events, tx);
    return;
  }
  for (const event of events) {
    await handler.handle(event, tx);
  }
}

function eventsOf(command: DeliverEvents): readonly DomainEvent[] {
  if (command.eventsJson === undefined) {
    return command.events ?? [];
  }
  const parsed: unknown = JSON.parse(command.eventsJson);
  if (!Array.isArray(parsed)) {
    throw new Error('core.deliver-events: eventsJson is not a JSON array');
  }
  return parsed as DomainEvent[];
}
