import { type ReconcileResult } from '@tickler/notifications';
import { type CalendarSourceKind } from '../domain/calendar-source-location';

/** A calendar as the outside world sees it (the HTTP API names `recipientId` `userId`). */
export interface CalendarView {
  id: string;
  recipientId: string;
  name: string;
  /** The file path or https URL it is read from. */
  source: string;
  kind: CalendarSourceKind;
  /** Default reminders of events without alarms, canonical (`lead:900`); empty = alarms only. */
  leads: string[];
  /** The same as a person reads them (`15m, 1h`). */
  lead: string;
  enabled: boolean;
  /** IANA zone of all-day events and floating times; null = the person's profile zone. */
  timeZone: string | null;
  /** An all-day event's reminder: `allDayDaysBefore` days before, at `allDayAt` local time. */
  allDayAt: string;
  allDayDaysBefore: number;
  createdAt: string;
  updatedAt: string;
  /** The last sync that changed something or recorded an error; null = never synced. */
  syncedAt: string | null;
  /** Why the last sync failed, or which events it skipped; null = fine. */
  lastError: string | null;
  eventCount: number;
  /** Reminders planned within the window. */
  reminderCount: number;
  /** When one of its reminders last went out (the projector's), or null. */
  lastRemindedAt: string | null;
}

/** What one sync did. */
export interface CalendarSyncResult {
  calendar: CalendarView;
  /** False: nothing changed and nothing was written (an unchanged file). */
  changed: boolean;
  /** The reconcile's counts when reminders changed; null otherwise. */
  reminders: ReconcileResult | null;
}

/** One upcoming event occurrence of a calendar, with its reminders and when it was last reminded. */
export interface CalendarEventView {
  /** `<uid>` or `<uid>#<recurrence id>`. */
  instanceKey: string;
  title: string;
  eventAt: string;
  expiresAt: string;
  /** The send instants of its planned reminders, earliest first. */
  reminders: string[];
  lastRemindedAt: string | null;
  remindedCount: number;
}

/** A new (or rotated) private feed: its token is shown once. */
export interface CalendarFeedView {
  /** The secret in the feed's URL; stored only as its SHA-256. */
  token: string;
  /** The feed's path on the daemon: `/v1/feeds/<token>/reminders.ics`. */
  path: string;
  createdAt: string;
}
