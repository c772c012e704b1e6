import { api } from './client';

/** One of the user's calendars (`GET /v1/users/{userId}/calendars`), the fields used. */
export interface Calendar {
  id: string;
  name: string;
  source: string;
  lead: string;
  enabled: boolean;
  syncedAt: string | null;
  lastError: string | null;
  eventCount: number;
  reminderCount: number;
  lastRemindedAt: string | null;
}

const base = (userId: string) => `/v1/users/${encodeURIComponent(userId)}/calendars`;

/** The user's calendars (a handful: one list, no paging). */
export async function listCalendars(userId: string): Promise<Calendar[]> {
  return (await api<{ items: Calendar[] }>('GET', base(userId))).items;
}

/** Adds a calendar by its https (webcal) URL; the daemon queues its first sync. */
export function addCalendar(
  userId: string,
  fields: { source: string; name: string; lead: string },
): Promise<Calendar> {
  return api<Calendar>('POST', base(userId), fields);
}

/** Reads the calendar again now. */
export function syncCalendar(userId: string, id: string): Promise<{ calendar: Calendar }> {
  return api('POST', `${base(userId)}/${encodeURIComponent(id)}/sync`);
}

/** Turns a calendar on or off (off withdraws its reminders). */
export function setCalendarEnabled(
  userId: string,
  id: string,
  enabled: boolean,
): Promise<Calendar> {
  return api<Calendar>('PATCH', `${base(userId)}/${encodeURIComponent(id)}`, { enabled });
}

/** Removes a calendar and withdraws its reminders. */
export function removeCalendar(userId: string, id: string): Promise<void> {
  return api<void>('DELETE', `${base(userId)}/${encodeURIComponent(id)}`);
}
