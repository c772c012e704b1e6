import { type Selectable } from 'kysely';

/** `calendar_sources`: one row per calendar a person added. */
export interface CalendarSourceTable {
  id: string;
  user_id: string;
  name: string;
  /** `file` or `url`. */
  kind: string;
  /** An absolute path or an https URL. */
  location: string;
  /** Canonical lead rules, comma-separated (`lead:900,lead:3600`); '' = only the events' alarms. */
  leads: string;
  /** 1 = synced and reminded; 0 = off (its reminders withdrawn). */
  enabled: number;
  /** IANA zone of all-day events and floating times; null = the person's profile zone. */
  time_zone: string | null;
  /** `HH:MM`: an all-day event's reminder time. */
  all_day_at: string;
  all_day_days_before: number;
  created_at: string;
  updated_at: string;
  /** Last sync that changed something or recorded an error (ISO UTC); null = never synced. */
  synced_at: string | null;
  /** Why the last sync failed, or which events it skipped; null = fine. */
  last_error: string | null;
  /** Events the last good read found, and the reminders planned from them. */
  event_count: number;
  reminder_count: number;
}

/**
 * `calendar_reminders`: the reminders a calendar wants within its window — the reconcile plan
 * entries of source app `calendar`, less the recipient (the calendar's owner). Keyed like the
 * deliveries they become: (calendar, source key, rule).
 */
export interface CalendarReminderTable {
  calendar_id: string;
  source_key: string;
  /** `lead:N`, `lead:N@expiry`, or '' when `scheduled_at` is given. */
  rule: string;
  user_id: string;
  instance_key: string;
  title: string;
  message: string;
  url: string | null;
  scheduled_at: string | null;
  event_at: string;
  expires_at: string;
  send_at: string;
}

/** `calendar_reminded`: the projector's "last reminded" per event occurrence. */
export interface CalendarRemindedTable {
  calendar_id: string;
  instance_key: string;
  user_id: string;
  last_reminded_at: string;
  last_delivery_id: string;
  /** Reminders of this occurrence sent so far (exactly once each). */
  reminded_count: number;
}

/**
 * `calendar_sent`: reminders of people with calendars that went out and are not yet resolved to
 * their occurrence (the projector writes them; `ResolveReminded` turns them into
 * `calendar_reminded` and deletes them).
 */
export interface CalendarSentTable {
  delivery_id: string;
  user_id: string;
  sent_at: string;
}

/** `calendar_feeds`: one private iCalendar feed per person, found by its token's SHA-256. */
export interface CalendarFeedTable {
  user_id: string;
  token_hash: string;
  created_at: string;
}

/** The calendar context's tables, as kysely sees them. */
export interface CalendarTables {
  calendar_sources: CalendarSourceTable;
  calendar_reminders: CalendarReminderTable;
  calendar_reminded: CalendarRemindedTable;
  calendar_sent: CalendarSentTable;
  calendar_feeds: CalendarFeedTable;
}

/** One `calendar_sources` row. */
export type CalendarSourceRow = Selectable<CalendarSourceTable>;
/** One `calendar_reminders` row. */
export type CalendarReminderRow = Selectable<CalendarReminderTable>;
