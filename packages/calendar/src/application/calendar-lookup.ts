import { type Scope } from './ports/transaction-runner.port';
import { CalendarNotFoundError } from '../domain/calendar.errors';
import { type CalendarRecord, type CalendarRepository } from './ports/calendar.repository';

/** The person's calendar, or `CALENDAR.NOT_FOUND` (also for another person's id). */
export async function ownedCalendar(
  calendars: CalendarRepository,
  scope: Scope,
  recipientId: string,
  calendarId: string,
): Promise<CalendarRecord> {
  const found = await calendars.find(scope, recipientId, calendarId);
  if (found === undefined) {
    throw new CalendarNotFoundError(calendarId);
  }
  return found;
}
