import { type CalendarSourceKind } from '../../domain/calendar-source-location';
import { type PlannedReminder } from './ics-importer.port';
import { type Scope } from './transaction-runner.port';

/** A calendar as stored. */
export interface CalendarRecord {
  readonly id: string;
  readonly recipientId: string;
  readonly name: string;
  readonly kind: CalendarSourceKind;
  readonly location: string;
  /** Canonical lead rules; empty = only the events' own alarms. */
  readonly leads: readonly string[];
  readonly enabled: boolean;
  readonly timeZone: string | null;
  readonly allDayAt: string;
  readonly allDayDaysBefore: number;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly syncedAt: string | null;
  readonly lastError: string | null;
  readonly eventCount: number;
  readonly reminderCount: number;
}

/** The fields a change may set. */
export type CalendarChanges = Partial<
  Omit<CalendarRecord, 'id' | 'recipientId' | 'kind' | 'location' | 'createdAt'>
>;

/** A calendar's stored reminder: a plan entry with its calendar and owner. */
export interface StoredReminder extends PlannedReminder {
  readonly calendarId: string;
  readonly recipientId: string;
}

/** "Last reminded" of one event occurrence (the projector's row). */
export interface RemindedRecord {
  readonly instanceKey: string;
  readonly lastRemindedAt: string;
  readonly lastDeliveryId: string;
  readonly remindedCount: number;
}

/** Calendars (sources) by person. */
export interface CalendarRepository {
  add(scope: Scope, record: CalendarRecord): Promise<void>;
  /** The calendar when it is this person's. */
  find(scope: Scope, recipientId: string, id: string): Promise<CalendarRecord | undefined>;
  findById(scope: Scope, id: string): Promise<CalendarRecord | undefined>;
  list(scope: Scope, recipientId: string): Promise<CalendarRecord[]>;
  count(scope: Scope, recipientId: string): Promise<number>;
  update(scope: Scope, id: string, changes: CalendarChanges): Promise<void>;
  /** Removes the calendar with its reminders and its "last reminded" rows. */
  remove(scope: Scope, id: string): Promise<void>;
  /** Every calendar that is on (id and owner), for the periodic sync. */
  enabled(scope: Scope): Promise<{ id: string; recipientId: string }[]>;
  /** Whether any of these people has a calendar (the projector's first filter). */
  ownersAmong(scope: Scope, recipientIds: readonly string[]): Promise<Set<string>>;
}

/** Which stored reminders of one calendar change in a sync. */
export interface ReminderChanges {
  /** `(sourceKey, rule)` of rows that go. */
  readonly remove: readonly { readonly sourceKey: string; readonly rule: string | null }[];
  /** New or changed rows (written whole). */
  readonly put: readonly PlannedReminder[];
}

/** The reminders every calendar wants within its window: the reconcile plan. */
export interface ReminderRepository {
  ofCalendar(scope: Scope, calendarId: string): Promise<StoredReminder[]>;
  apply(
    scope: Scope,
    calendarId: string,
    recipientId: string,
    changes: ReminderChanges,
  ): Promise<void>;
  removeCalendar(scope: Scope, calendarId: string): Promise<void>;
  /**
   * Serialises the writers of the plan until the transaction ends (PostgreSQL: an advisory
   * transaction lock; SQLite's single writer needs none): a reconcile must see every other
   * calendar's committed rows, or it would withdraw their new reminders.
   */
  lockPlan(scope: Scope): Promise<void>;
  /** Every stored reminder of every calendar, in key order (at most `limit`+1 are read). */
  all(scope: Scope, limit: number): Promise<StoredReminder[]>;
}
