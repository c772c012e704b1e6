import { CORE_TOKENS, type Database } from '@tickler/core';
import { inject, injectable } from 'inversify';
import { CALENDAR_TOKENS } from '../calendar.tokens';
import { describeLead } from '../domain/lead-list';
import { type CalendarView } from './calendar.view';
import { type CalendarRecord } from './ports/calendar.repository';
import { type RemindedRepository } from './ports/feed.repository';

/** A stored calendar as its view, with "last reminded" from the projector's rows. */
export function calendarView(record: CalendarRecord, lastRemindedAt: string | null): CalendarView {
  return {
    id: record.id,
    recipientId: record.recipientId,
    name: record.name,
    source: record.location,
    kind: record.kind,
    leads: [...record.leads],
    lead: record.leads.map(describeLead).join(', '),
    enabled: record.enabled,
    timeZone: record.timeZone,
    allDayAt: record.allDayAt,
    allDayDaysBefore: record.allDayDaysBefore,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    syncedAt: record.syncedAt,
    lastError: record.lastError,
    eventCount: record.eventCount,
    reminderCount: record.reminderCount,
    lastRemindedAt,
  };
}

/** Builds views, reading "last reminded" for the calendars at hand in one query. */
@injectable()
export class CalendarViews {
  constructor(
    @inject(CORE_TOKENS.Database) private readonly database: Database,
    @inject(CALENDAR_TOKENS.Reminded) private readonly reminded: RemindedRepository,
  ) {}

  async many(records: readonly CalendarRecord[]): Promise<CalendarView[]> {
    const latest = await this.reminded.latest(
      { db: this.database.kysely },
      records.map((r) => r.id),
    );
    return records.map((r) => calendarView(r, latest.get(r.id) ?? null));
  }

  async one(record: CalendarRecord): Promise<CalendarView> {
    const [view] = await this.many([record]);
    return view!;
  }
}
