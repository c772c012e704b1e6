import { Command } from '@tickler/core';

/** What one periodic run queued. */
export interface SyncAllCalendarsResult {
  /** Calendars queued for a sync (each its own queue row, retried on its own). */
  queued: number;
}

/** The context's repeatable job: queues a sync of every calendar that is on. */
export class SyncAllCalendars extends Command<SyncAllCalendarsResult> {
  static readonly type = 'calendar.sync-all';
}
