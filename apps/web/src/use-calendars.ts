import { createContext } from 'preact';
import { useCallback, useEffect, useState } from 'preact/hooks';
import { type Calendar, listCalendars } from './api/calendars';

/**
 * The signed-in user's calendars: the settings' rows, and the names the Scheduled tab badges
 * calendar reminders with. Read once, and again after a change here.
 */
export function useCalendars(userId: string): [Calendar[], () => Promise<void>] {
  const [calendars, setCalendars] = useState<Calendar[]>([]);
  const reload = useCallback(async () => {
    // Without them the page still works (badges say "calendar"): not shown as an error.
    setCalendars(await listCalendars(userId).catch(() => []));
  }, [userId]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return [calendars, reload];
}

/**
 * What a reminder's badge needs: the calendars' names, a way to open a calendar's settings, and
 * a way to open a source's channel preferences.
 */
export interface CalendarLinks {
  readonly calendars: readonly Calendar[];
  readonly open: (calendarId: string) => void;
  readonly openSource: (source: string) => void;
}

/** Provided by the signed-in page; rows read it without threading props through every list. */
export const CalendarLinksContext = createContext<CalendarLinks>({
  calendars: [],
  open: () => undefined,
  openSource: () => undefined,
});
