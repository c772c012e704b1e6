import { Command } from '@tickler/core';

/** What the safety net found. */
export interface CheckDueResult {
  /** The next instant a live delivery needs the dispatcher (ISO UTC), if any. */
  readonly nextDueAt: string | null;
  /** True when that instant has already come: a deliver-due run is owed now. */
  readonly overdue: boolean;
}

/**
 * The safety net behind the exact-time wake-up: makes sure a deliver-due run is planned for
 * the next due delivery, without delivering anything itself. The context's minutely job; it
 * runs inside the job's claim transaction (one commit per idle minute) and never makes a
 * network call, so it may hold the write lock.
 */
export class CheckDueNotifications extends Command<CheckDueResult> {
  static readonly type = 'notifications.check-due';
}
