import { type Clock, type CommandHandler, CORE_TOKENS, toIsoUtc } from '@tickler/core';
import { inject, injectable } from 'inversify';
import { CALENDAR_TOKENS } from '../../calendar.tokens';
import { parseLeadList } from '../../domain/lead-list';
import { ownedCalendar } from '../calendar-lookup';
import { CalendarSyncQueue } from '../calendar-sync-queue';
import { type CalendarView } from '../calendar.view';
import { CalendarViews } from '../calendar-views';
import { type CalendarChanges, type CalendarRepository } from '../ports/calendar.repository';
import { type TransactionRunner } from '../ports/transaction-runner.port';
import { CalendarSync } from '../sync-calendar/calendar-sync';
import { UpdateCalendar } from './update-calendar.command';

/**
 * Changes a calendar's settings. Turning it off syncs at once (no download: its reminders are
 * withdrawn); any other change that moves reminders queues a sync, which reads the source again.
 */
@injectable()
export class UpdateCalendarHandler implements CommandHandler<UpdateCalendar> {
  static readonly handles = UpdateCalendar;

  constructor(
    @inject(CORE_TOKENS.UnitOfWork) private readonly uow: TransactionRunner,
    @inject(CORE_TOKENS.Clock) private readonly clock: Clock,
    @inject(CALENDAR_TOKENS.Calendars) private readonly calendars: CalendarRepository,
    @inject(CalendarSyncQueue) private readonly syncs: CalendarSyncQueue,
    @inject(CalendarSync) private readonly sync: CalendarSync,
    @inject(CalendarViews) private readonly views: CalendarViews,
  ) {}

  async execute(command: UpdateCalendar): Promise<CalendarView> {
    const changes: { -readonly [K in keyof CalendarChanges]: CalendarChanges[K] } = {};
    if (command.name !== undefined) changes.name = command.name.trim();
    if (command.lead !== undefined) changes.leads = parseLeadList(command.lead, 'lead');
    if (command.enabled !== undefined) changes.enabled = command.enabled;
    if (command.timeZone !== undefined) changes.timeZone = command.timeZone;
    if (command.allDayAt !== undefined) changes.allDayAt = command.allDayAt;
    if (command.allDayDaysBefore !== undefined) changes.allDayDaysBefore = command.allDayDaysBefore;
    const updated = await this.uow.run(async (tx) => {
      const calendar = await ownedCalendar(
        this.calendars,
        tx,
        command.recipientId,
        command.calendarId,
      );
      const moves = (Object.keys(changes) as (keyof CalendarChanges)[]).some(
        (key) => key !== 'name' && JSON.stringify(changes[key]) !== JSON.stringify(calendar[key]),
      );
      const next = { ...calendar, ...changes, updatedAt: toIsoUtc(this.clock.now()) };
      await this.calendars.update(tx, calendar.id, { ...changes, updatedAt: next.updatedAt });
      if (moves && next.enabled) {
        await this.syncs.enqueue(tx, next.recipientId, next.id);
      }
      return { next, turnedOff: calendar.enabled && !next.enabled };
    });
    if (updated.turnedOff) {
      return (await this.sync.run(updated.next)).calendar;
    }
    return this.views.one(updated.next);
  }
}
