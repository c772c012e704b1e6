import {
  type Clock,
  type CommandHandler,
  CORE_TOKENS,
  type IdGenerator,
  toIsoUtc,
} from '@tickler/core';
import { inject, injectable } from 'inversify';
import { CALENDAR_TOKENS } from '../../calendar.tokens';
import { CalendarLimitReachedError } from '../../domain/calendar.errors';
import { parseSourceLocation } from '../../domain/calendar-source-location';
import { DEFAULT_LEAD, parseLeadList } from '../../domain/lead-list';
import { type ResolvedCalendarOptions } from '../calendar.options';
import { CalendarSyncQueue } from '../calendar-sync-queue';
import { type CalendarView } from '../calendar.view';
import { calendarView } from '../calendar-views';
import { type CalendarRecord, type CalendarRepository } from '../ports/calendar.repository';
import { type OutboundTargetRule } from '../ports/calendar-source-reader.port';
import { type TransactionRunner } from '../ports/transaction-runner.port';
import { AddCalendar } from './add-calendar.command';

/** Stores the calendar and queues its first sync in the same transaction. */
@injectable()
export class AddCalendarHandler implements CommandHandler<AddCalendar> {
  static readonly handles = AddCalendar;

  constructor(
    @inject(CORE_TOKENS.UnitOfWork) private readonly uow: TransactionRunner,
    @inject(CORE_TOKENS.Clock) private readonly clock: Clock,
    @inject(CORE_TOKENS.IdGenerator) private readonly ids: IdGenerator,
    @inject(CALENDAR_TOKENS.Options) private readonly options: ResolvedCalendarOptions,
    @inject(CALENDAR_TOKENS.Calendars) private readonly calendars: CalendarRepository,
    @inject(CALENDAR_TOKENS.TargetRule) private readonly rule: OutboundTargetRule,
    @inject(CalendarSyncQueue) private readonly syncs: CalendarSyncQueue,
  ) {}

  async execute(command: AddCalendar): Promise<CalendarView> {
    const source = parseSourceLocation(command.source, 'source');
    const leads = parseLeadList(command.lead ?? DEFAULT_LEAD, 'lead');
    if (source.kind === 'url') {
      await this.rule.checkRegistration(new URL(source.location), 'source');
    }
    const now = toIsoUtc(this.clock.now());
    const record: CalendarRecord = {
      id: this.ids.next(),
      recipientId: command.recipientId,
      name: command.name.trim(),
      kind: source.kind,
      location: source.location,
      leads,
      enabled: command.enabled ?? true,
      timeZone: command.timeZone ?? null,
      allDayAt: command.allDayAt ?? '09:00',
      allDayDaysBefore: command.allDayDaysBefore ?? 1,
      createdAt: now,
      updatedAt: now,
      syncedAt: null,
      lastError: null,
      eventCount: 0,
      reminderCount: 0,
    };
    await this.uow.run(async (tx) => {
      if (
        (await this.calendars.count(tx, command.recipientId)) >= this.options.maxCalendarsPerUser
      ) {
        throw new CalendarLimitReachedError(this.options.maxCalendarsPerUser);
      }
      await this.calendars.add(tx, record);
      if (record.enabled) {
        await this.syncs.enqueue(tx, record.recipientId, record.id);
      }
    });
    return calendarView(record, null);
  }
}
