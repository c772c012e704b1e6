import { Command } from '@tickler/core';

/** What one resolution run did. */
export interface ResolveRemindedResult {
  /** Sent reminders of calendars, counted on their occurrence. */
  counted: number;
  /** Sent notifications that were not a calendar's (or whose calendar is gone). */
  ignored: number;
}

/**
 * Queued by the "last reminded" projector: turns the sent reminders it kept into "last
 * reminded" per occurrence, reading each delivery's source through the notifications context's
 * `GetNotification` outside any transaction.
 */
export class ResolveReminded extends Command<ResolveRemindedResult> {
  static readonly type = 'calendar.resolve-reminded';
}
