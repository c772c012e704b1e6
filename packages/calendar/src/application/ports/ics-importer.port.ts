/** Bounds of one import: every hostile shape of a calendar file meets one of them. */
export interface ImportLimits {
  /** VEVENT components in one file. */
  readonly maxEvents: number;
  /** Component nesting (VCALENDAR > VEVENT > VALARM is 3). */
  readonly maxDepth: number;
  /** Recurrence steps (and RDATE/EXDATE values) one event may take to reach the window. */
  readonly maxStepsPerEvent: number;
  /** Steps of all events together. */
  readonly maxSteps: number;
  /** Reminders one calendar may plan within its window. */
  readonly maxReminders: number;
  /** Wall-clock time one import may take before it is stopped (ms). */
  readonly maxMillis: number;
}

/** What an import of one calendar file needs to know besides the text. */
export interface ImportSettings {
  readonly calendarId: string;
  /** ISO UTC: the window starts here. */
  readonly now: string;
  /** The window: reminders sent from a day before `now` to `windowDays` after it are planned. */
  readonly windowDays: number;
  /** The calendar's default leads (canonical `lead:N` rules) for events without alarms. */
  readonly leads: readonly string[];
  /**
   * IANA zone of all-day events, floating times and the reminders' text: the calendar's own, else
   * the person's profile zone; null when neither is set (then the file's `X-WR-TIMEZONE`, else UTC).
   */
  readonly timeZone: string | null;
  /** Local time of an all-day event's reminder (`HH:MM`). */
  readonly allDayAt: string;
  /** Days before an all-day event its reminder goes out (1 = the day before). */
  readonly allDayDaysBefore: number;
  readonly limits: ImportLimits;
}

/** One reminder the calendar wants to exist: a reconcile plan entry before the recipient is added. */
export interface PlannedReminder {
  /** `<calendarId>/<instanceKey>[~<alarm>]`: with `rule`, the reminder's identity. */
  readonly sourceKey: string;
  /** `lead:N` / `lead:N@expiry`, or null when `scheduledAt` is given. */
  readonly rule: string | null;
  /** The event occurrence (`<uid>` or `<uid>#<recurrence id>`): what "last reminded" is kept for. */
  readonly instanceKey: string;
  readonly title: string;
  readonly message: string;
  readonly url: string | null;
  /** ISO UTC, only without a rule. */
  readonly scheduledAt: string | null;
  /** ISO UTC start and end of the occurrence. */
  readonly eventAt: string;
  readonly expiresAt: string;
  /** ISO UTC send instant (the rule applied), for the window and the feed. */
  readonly sendAt: string;
}

/** What an import found: the reminders, or why the file could not be read. */
export type ImportOutcome =
  | {
      readonly ok: true;
      readonly reminders: readonly PlannedReminder[];
      /** Events read (VEVENT components). */
      readonly events: number;
      /** Events left out, with why (bad dates, runaway recurrences): the first few, and the count. */
      readonly skipped: readonly { readonly uid: string; readonly reason: string }[];
      readonly skippedCount: number;
      /** TZIDs neither IANA nor defined in the file, read in the calendar's zone. */
      readonly unknownZones: readonly string[];
    }
  | { readonly ok: false; readonly error: string };

/**
 * Turns calendar text into planned reminders, out of harm's way: a hostile file (huge, deeply
 * nested, an endless or never-matching recurrence, invalid dates) ends as `{ ok: false }` within
 * the limits, never as a crash or a stalled daemon.
 */
export interface IcsImporter {
  import(text: string, settings: ImportSettings): Promise<ImportOutcome>;
}
