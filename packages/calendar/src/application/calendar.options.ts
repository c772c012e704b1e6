import { type ImportLimits } from './ports/ics-importer.port';

/** Options of the calendar context (every field has a default). */
export interface CalendarOptions {
  /** Days ahead the reminders are planned (at least 30). Default 30. */
  readonly windowDays?: number;
  /** How often every calendar is synced again (a duration with a unit). Default `6h`. */
  readonly syncEvery?: string;
  /** Calendars one person may have. Default 20. */
  readonly maxCalendarsPerUser?: number;
  /** Largest calendar file or download, in bytes. Default 5 MiB. */
  readonly maxBytes?: number;
  /** A download's time limit (connect, headers and body), in ms. Default 15 s. */
  readonly fetchTimeoutMs?: number;
  /** Redirects followed per download, each checked by the address rule. Default 3. */
  readonly maxRedirects?: number;
  /** Bounds of one import (the worker's). */
  readonly limits?: Partial<ImportLimits>;
}

/** {@link CalendarOptions} with every default applied. */
export interface ResolvedCalendarOptions {
  readonly windowDays: number;
  readonly syncEvery: string;
  readonly maxCalendarsPerUser: number;
  readonly maxBytes: number;
  readonly fetchTimeoutMs: number;
  readonly maxRedirects: number;
  readonly limits: ImportLimits;
}

/** The import bounds when the options name none. */
export const DEFAULT_IMPORT_LIMITS: ImportLimits = {
  maxEvents: 20_000,
  maxDepth: 6,
  maxStepsPerEvent: 100_000,
  maxSteps: 1_000_000,
  maxReminders: 2_000,
  maxMillis: 20_000,
};

/** Applies the defaults; a window shorter than 30 days is refused. */
export function resolveCalendarOptions(options: CalendarOptions = {}): ResolvedCalendarOptions {
  const windowDays = options.windowDays ?? 30;
  if (!Number.isInteger(windowDays) || windowDays < 30 || windowDays > 366) {
    throw new Error('calendar windowDays must be a whole number of days from 30 to 366');
  }
  return {
    windowDays,
    syncEvery: options.syncEvery ?? '6h',
    maxCalendarsPerUser: options.maxCalendarsPerUser ?? 20,
    maxBytes: options.maxBytes ?? 5 * 1024 * 1024,
    fetchTimeoutMs: options.fetchTimeoutMs ?? 15_000,
    maxRedirects: options.maxRedirects ?? 3,
    limits: { ...DEFAULT_IMPORT_LIMITS, ...options.limits },
  };
}
