import { CORE_TOKENS, type DurableCommandQueue, type Transaction } from '@tickler/core';
import { inject, injectable } from 'inversify';
import { SyncCalendar } from './sync-calendar/sync-calendar.command';

/**
 * Queues a sync of one calendar, once: a calendar already waiting for its sync keeps its row
 * (key `calendar.sync:<id>`). The queue retries a sync that throws (a database failure; a
 * source that cannot be read is not one: it is recorded on the source).
 */
@injectable()
export class CalendarSyncQueue {
  constructor(@inject(CORE_TOKENS.CommandQueue) private readonly queue: DurableCommandQueue) {}

  async enqueue(tx: Transaction, recipientId: string, calendarId: string): Promise<void> {
    await this.queue.enqueue(
      { type: SyncCalendar.type, payload: { recipientId, calendarId } },
      { key: `calendar.sync:${calendarId}`, onKeyConflict: 'keep-existing', maxAttempts: 3 },
      tx,
    );
  }
}
