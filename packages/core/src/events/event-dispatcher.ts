import { type CommandHandler } from '../commands/command';
import { tablesOf } from '../database/database';
import { type Transaction, type UnitOfWork } from '../database/unit-of-work';
import { type DomainEvent, toIsoUtc } from '../domain';
import { type Clock } from '../clock/clock';
import { type SqliteCommandQueue } from '../queue/command-queue';
import { type CoreTables } from '../queue/queue.tables';
import { DeliverEvents } from './deliver-events.command';
import { type EventSubscriber } from './event-subscriber';

interface Registration {
  readonly name: string;
  readonly types: ReadonlySet<string>;
  readonly resolve: () => EventSubscriber;
}

/**
 * Feeds durable subscribers. Before a unit of work commits, it writes one queue row per
 * interested subscriber carrying that transaction's events (same transaction as the state
 * change); the queue later runs {@link DeliverEvents}, which hands each event to the
 * subscriber and records it in `shared_processed_events` in one transaction.
 */
export class EventDispatcher implements CommandHandler<DeliverEvents> {
  private readonly subscribers = new Map<string, Registration>();

  constructor(
    private readonly uow: UnitOfWork,
    private readonly queue: SqliteCommandQueue,
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
      const wanted = events.filter((e) => sub.types.has(e.type));
      if (wanted.length > 0) {
        await this.queue.enqueue({ type: DeliverEvents.type, payload: { subscriber: sub.name, events: wanted } }, { maxAttempts: 10 }, tx);
      }
    }
  }

  async execute(command: DeliverEvents): Promise<void> {
    const sub = this.subscribers.get(command.subscriber);
    if (!sub) {
      throw new Error(`unknown subscriber "${command.subscriber}"`);
    }
    const handler = sub.resolve();
    for (const event of command.events) {
      await this.uow.run(async (tx) => {
        const ledger = tablesOf<CoreTables>(tx.db);
        const inserted = await ledger
          .insertInto('shared_processed_events')
          .values({ subscriber: sub.name, event_id: event.eventId, processed_at: toIsoUtc(this.clock.now()) })
          .onConflict((oc) => oc.columns(['subscriber', 'event_id']).doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) {
          return; // already processed: a redelivery after a crash between commit and settle
        }
        await handler.handle(event, tx);
      });
    }
  }
}

