import ICAL from 'ical.js';
import {
  type ImportOutcome,
  type ImportSettings,
  type PlannedReminder,
} from '../../application/ports/ics-importer.port';
import { plainTextOf } from '../../domain/plain-text';
import { EventSkipped, ImportBudgetExceeded, StepBudget } from './event-instance';
import { expandSeries } from './event-series';
import { IcsRejectedError, prescanIcs } from './ics-prescan';
import { remindersOf } from './instance-reminders';
import { ReminderText } from './reminder-text';
import { ianaNameOf, ZoneClock } from './zone-clock';

const DAY_MS = 86_400_000;
/** Skipped events listed on the source (the count says how many in all). */
const LISTED_SKIPS = 5;
/** Properties whose values are dates or date-times, checked as written before they are used. */
const TIME_PROPERTIES = ['dtstart', 'dtend', 'recurrence-id', 'exdate', 'rdate'];
const RAW_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}):(\d{2})Z?)?$/;

/**
 * ical.js normalises an impossible date (`20261341T250000` becomes 11 Feb 2027 01:00) instead
 * of refusing it: the values are checked as written, and such an event is skipped by name.
 */
function checkRawTimes(event: ICAL.Component): void {
  for (const name of TIME_PROPERTIES) {
    for (const property of event.getAllProperties(name)) {
      for (const raw of (property.jCal as unknown[]).slice(3)) {
        const text: unknown = Array.isArray(raw) ? (raw as unknown[])[0] : raw;
        if (typeof text !== 'string' || !validTime(text)) {
          const shown = plainTextOf(String(text), 40);
          throw new EventSkipped(`its ${name.toUpperCase()} "${shown}" is not a valid date`);
        }
      }
    }
  }
}

function validTime(text: string): boolean {
  const m = RAW_TIME.exec(text);
  if (!m) {
    return false;
  }
  const [year, month, day, hour = 0, minute = 0, second = 0] = m
    .slice(1)
    .map((p) => Number(p ?? 0));
  const days = new Date(Date.UTC(year!, month, 0)).getUTCDate();
  return (
    year! >= 1000 &&
    month! >= 1 &&
    month! <= 12 &&
    day! >= 1 &&
    day! <= days &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 60
  );
}

function messageOf(error: unknown): string {
  return plainTextOf(error instanceof Error ? error.message : String(error), 200);
}

/**
 * Reads a calendar file into planned reminders: the line scan first (shape, size, nesting),
 * then ical.js on what is left, then each UID's series expanded within the window and turned
 * into reminders. An event that cannot be read is skipped and named; a file that cannot be
 * read, or that goes over a bound of the whole import, is an error and plans nothing. Runs in a
 * worker thread (`ics-import.worker.ts`), which is stopped if it runs past its time limit.
 */
export function importIcs(raw: string, settings: ImportSettings): ImportOutcome {
  const { limits } = settings;
  try {
    const scanned = prescanIcs(raw, limits);
    let root: ICAL.Component;
    try {
      root = new ICAL.Component(ICAL.parse(scanned.text) as unknown[]);
    } catch (error) {
      return { ok: false, error: `the file is not valid iCalendar: ${messageOf(error)}` };
    }
    const timeZone =
      settings.timeZone ??
      (scanned.fileTimeZone === null ? null : ianaNameOf(scanned.fileTimeZone)) ??
      'UTC';
    const clock = new ZoneClock(timeZone);
    const text = new ReminderText(timeZone);
    const nowMs = Date.parse(settings.now);
    const range = {
      // Occurrences whose reminders may fall in the window: alarms reach 30 days either way.
      fromMs: nowMs - 32 * DAY_MS,
      toMs: nowMs + (settings.windowDays + 31) * DAY_MS,
    };
    const budget = new StepBudget(limits.maxStepsPerEvent, limits.maxSteps);
    const ctx = { clock, calendarZone: { kind: 'iana', name: timeZone } as const, range, budget };

    const groups = new Map<string, { master?: ICAL.Component; overrides: ICAL.Component[] }>();
    const skipped: { uid: string; reason: string }[] = [];
    let skippedCount = 0;
    const skip = (uid: string, reason: string): void => {
      skippedCount++;
      if (skipped.length < LISTED_SKIPS) {
        skipped.push({ uid: plainTextOf(uid, 100), reason });
      }
    };
    for (const event of root.getAllSubcomponents('vevent')) {
      const uid = event.getFirstPropertyValue('uid');
      if (typeof uid !== 'string' || uid.trim() === '') {
        skip('(no UID)', 'it has no UID');
        continue;
      }
      const group = groups.get(uid) ?? { overrides: [] };
      groups.set(uid, group);
      if (event.hasProperty('recurrence-id')) {
        group.overrides.push(event);
      } else {
        group.master = event;
      }
    }

    const reminders: PlannedReminder[] = [];
    for (const [uid, group] of groups) {
      try {
        for (const event of [...(group.master ? [group.master] : []), ...group.overrides]) {
          checkRawTimes(event);
        }
        for (const instance of expandSeries(uid, group.master, group.overrides, ctx)) {
          reminders.push(...remindersOf(instance, { ...settings, timeZone }, clock, text));
        }
      } catch (error) {
        if (error instanceof ImportBudgetExceeded) {
          throw error;
        }
        skip(
          uid,
          error instanceof EventSkipped
            ? error.message
            : `it could not be read: ${messageOf(error)}`,
        );
      }
      if (reminders.length > limits.maxReminders) {
        return {
          ok: false,
          error: `more than ${limits.maxReminders} reminders in the next ${settings.windowDays} days: raise no more leads, or split the calendar`,
        };
      }
    }
    reminders.sort((a, b) =>
      a.sourceKey === b.sourceKey
        ? (a.rule ?? '').localeCompare(b.rule ?? '')
        : a.sourceKey < b.sourceKey
          ? -1
          : 1,
    );
    return {
      ok: true,
      reminders: dedupe(reminders),
      events: scanned.events,
      skipped,
      skippedCount,
      unknownZones: [...clock.unknownZones].slice(0, LISTED_SKIPS),
    };
  } catch (error) {
    if (error instanceof IcsRejectedError || error instanceof ImportBudgetExceeded) {
      return { ok: false, error: error.message };
    }
    return { ok: false, error: `the file could not be read: ${messageOf(error)}` };
  }
}

/** One reminder per (key, rule): two occurrences can never share one, two alarms might. */
function dedupe(sorted: PlannedReminder[]): PlannedReminder[] {
  return sorted.filter(
    (r, i) => i === 0 || r.sourceKey !== sorted[i - 1]!.sourceKey || r.rule !== sorted[i - 1]!.rule,
  );
}
