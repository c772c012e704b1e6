import { type CommandBus, CORE_TOKENS, type Transaction } from '@tickler/core';
import {
  MAX_PLAN_ENTRIES,
  type PlannedNotification,
  ReconcileScheduled,
  type ReconcileResult,
} from '@tickler/notifications';
import { inject, injectable } from 'inversify';
import { CALENDAR_TOKENS } from '../calendar.tokens';
import { CalendarPlanTooLargeError } from '../domain/calendar.errors';
import { CALENDAR_SOURCE_APP } from './calendar-source-app';
import { type ReminderRepository, type StoredReminder } from './ports/calendar.repository';

function entryOf(r: StoredReminder): PlannedNotification {
  return {
    recipientId: r.recipientId,
    sourceKey: r.sourceKey,
    title: r.title,
    message: r.message,
    ...(r.url === null ? {} : { url: r.url }),
    ...(r.rule === null ? { scheduledAt: r.scheduledAt! } : { rule: r.rule }),
    eventAt: r.eventAt,
    expiresAt: r.expiresAt,
    sourceCollection: r.calendarId,
    sourceId: r.instanceKey,
  };
}

/**
 * Makes the notifications context's deliveries of source app `calendar` match the stored
 * reminders of every calendar, by dispatching its `ReconcileScheduled` command in-process: the
 * command's unit of work joins the caller's transaction, so the calendar's rows and the
 * deliveries commit together or roll back together. Reconcile is keyed by source app, so the
 * plan is always the whole app's (every calendar of every person), read under the plan lock.
 */
@injectable()
export class CalendarReconcile {
  constructor(
    @inject(CORE_TOKENS.CommandBus) private readonly bus: CommandBus,
    @inject(CALENDAR_TOKENS.Reminders) private readonly reminders: ReminderRepository,
  ) {}

  /** Inside an open transaction that already holds the plan lock. */
  async run(tx: Transaction): Promise<ReconcileResult> {
    const all = await this.reminders.all(tx, MAX_PLAN_ENTRIES);
    if (all.length > MAX_PLAN_ENTRIES) {
      throw new CalendarPlanTooLargeError(MAX_PLAN_ENTRIES);
    }
    const command = Object.assign(new ReconcileScheduled(), {
      sourceApp: CALENDAR_SOURCE_APP,
      planned: all.map(entryOf),
    });
    return this.bus.dispatch(command);
  }
}
