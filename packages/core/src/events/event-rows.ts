import { randomUUID } from 'node:crypto';
import { type Kysely } from 'kysely';
import { tablesOf } from '../database/database';
import { MultiRowInsert } from '../database/multi-row-insert';
import { type DomainEvent } from '../domain';
import { type CoreTables, type EventRowsTable } from '../queue/queue.tables';

const INSERT = new MultiRowInsert<EventRowsTable>({
  table: 'shared_event_rows',
  columns: ['batch_id', 'seq', 'event'],
});

/**
 * The events a durable subscriber has still to handle, one row each (issue 28 item 3). A batch
 * is what one transaction recorded for one subscriber; its `core.deliver-events` queue row names
 * it. Why rows: as one JSON array inside the queue row's payload, a 500-delivery batch crossed
 * into JavaScript as one ~225 KB string, escaped into the payload and parsed twice.
 */
export class EventRows {
  /** Writes `events` (in order) as a new batch in the caller's transaction; returns its id. */
  static async write(db: Kysely<unknown>, events: readonly DomainEvent[]): Promise<string> {
    const batchId = randomUUID();
    await INSERT.execute(
      db,
      events.map((event, seq) => ({ batch_id: batchId, seq, event: JSON.stringify(event) })),
    );
    return batchId;
  }

  /**
   * Takes a batch: deletes its rows and returns their events in order, in the caller's
   * transaction, so the rows are gone exactly when the subscriber's writes commit. A batch
   * already handled (a retry after that commit, or a second claimant that waited on the rows'
   * locks on PostgreSQL) comes back empty: that is what makes the hand-off exactly once.
   */
  static async take(db: Kysely<unknown>, batchId: string): Promise<DomainEvent[]> {
    const rows = await tablesOf<CoreTables>(db)
      .deleteFrom('shared_event_rows')
      .where('batch_id', '=', batchId)
      .returning(['seq', 'event'])
      .execute();
    // RETURNING promises no order.
    rows.sort((a, b) => a.seq - b.seq);
    return rows.map((row) => JSON.parse(row.event) as DomainEvent);
  }
}
