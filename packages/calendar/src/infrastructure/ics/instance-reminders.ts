import { createHash } from 'node:crypto';
import {
  type ImportSettings,
  type PlannedReminder,
} from '../../application/ports/ics-importer.port';
import { plainTextOf } from '../../domain/plain-text';
import { compactUtc, type EventInstance } from './event-instance';
import { type ReminderText } from './reminder-text';
import { type ZoneClock } from './zone-clock';

const DAY_MS = 86_400_000;
/** Longest lead an alarm may have: further ahead it is a separate event, not a reminder. */
const MAX_ALARM_LEAD_S = 30 * 86_400;
/** Longest UID kept as written in a key; longer ones (or ones with odd characters) are hashed. */
const MAX_UID_IN_KEY = 160;

/** The UID as it appears in keys: itself when short and plain, else `sha256:<40 hex>`. */
export function uidKeyOf(uid: string): string {
  if (
    uid !== '' &&
    uid.length <= MAX_UID_IN_KEY &&
    plainTextOf(uid, MAX_UID_IN_KEY) === uid &&
    !/\s/.test(uid)
  ) {
    return uid;
  }
  return `sha256:${createHash('sha256').update(uid).digest('hex').slice(0, 40)}`;
}

/** `<uid>` for a single event, `<uid>#<recurrence id>` for an occurrence of a series. */
export function instanceKeyOf(instance: EventInstance): string {
  const uid = uidKeyOf(instance.uid);
  return instance.recurrenceId === '' ? uid : `${uid}#${instance.recurrenceId}`;
}

const iso = (ms: number): string => new Date(ms).toISOString();

/** One reminder time of an occurrence, before the text is added. */
interface Timing {
  readonly suffix: string;
  readonly rule: string | null;
  readonly sendMs: number;
}

/**
 * The reminder timings of an occurrence: its own alarms when it has any (they win), else an
 * all-day event's local reminder time, else the calendar's default leads. Alarms that count
 * back from the start or the end become lead rules (`lead:900`, `lead:300@expiry`), so a moved
 * event patches its reminders; an alarm after the start or at a fixed instant is a
 * `scheduledAt` of its own key.
 */
function timingsOf(
  instance: EventInstance,
  settings: ImportSettings & { readonly timeZone: string },
  clock: ZoneClock,
): Timing[] {
  const { startMs } = instance;
  const endMs = Math.max(instance.endMs, startMs);
  if (instance.alarms.length > 0) {
    const out: Timing[] = [];
    for (const alarm of instance.alarms) {
      if (alarm.kind === 'absolute') {
        out.push({ suffix: `~at:${compactUtc(alarm.atMs)}`, rule: null, sendMs: alarm.atMs });
        continue;
      }
      const anchorMs = alarm.related === 'end' ? endMs : startMs;
      const sendMs = anchorMs + alarm.seconds * 1000;
      if (alarm.seconds <= 0 && -alarm.seconds <= MAX_ALARM_LEAD_S) {
        const anchor = alarm.related === 'end' ? '@expiry' : '';
        out.push({ suffix: '', rule: `lead:${-alarm.seconds}${anchor}`, sendMs });
      } else if (alarm.seconds > 0 && alarm.seconds <= MAX_ALARM_LEAD_S) {
        out.push({ suffix: `~after:${alarm.related}+${alarm.seconds}`, rule: null, sendMs });
      }
    }
    return out;
  }
  if (instance.allDay) {
    const zone = { kind: 'iana', name: settings.timeZone } as const;
    const day = clock.toWall(startMs, zone);
    const before = new Date(
      Date.UTC(day.year, day.month - 1, day.day) - settings.allDayDaysBefore * DAY_MS,
    );
    const [hour = 9, minute = 0] = settings.allDayAt.split(':').map(Number);
    const sendMs = clock.toUtcMs(
      {
        year: before.getUTCFullYear(),
        month: before.getUTCMonth() + 1,
        day: before.getUTCDate(),
        hour,
        minute,
        second: 0,
      },
      zone,
    );
    return [{ suffix: '~allday', rule: null, sendMs }];
  }
  return settings.leads.map((rule) => {
    const m = /^lead:(\d+)(@expiry)?$/.exec(rule);
    const seconds = Number(m?.[1] ?? 0);
    const anchorMs = m?.[2] === undefined ? startMs : endMs;
    return { suffix: '', rule, sendMs: anchorMs - seconds * 1000 };
  });
}

/**
 * The reminders of one occurrence whose send instant is in the window: from a day before
 * `now` (so a reminder just sent keeps its key and is not pruned early) to `windowDays` after.
 */
export function remindersOf(
  instance: EventInstance,
  settings: ImportSettings & { readonly timeZone: string },
  clock: ZoneClock,
  text: ReminderText,
): PlannedReminder[] {
  const nowMs = Date.parse(settings.now);
  const fromMs = nowMs - DAY_MS;
  const toMs = nowMs + settings.windowDays * DAY_MS;
  const instanceKey = instanceKeyOf(instance);
  const out: PlannedReminder[] = [];
  for (const timing of timingsOf(instance, settings, clock)) {
    if (timing.sendMs < fromMs || timing.sendMs > toMs) {
      continue;
    }
    out.push({
      sourceKey: `${settings.calendarId}/${instanceKey}${timing.suffix}`,
      rule: timing.rule,
      instanceKey,
      title: text.title(instance),
      message: text.message(instance),
      url: text.url(instance),
      scheduledAt: timing.rule === null ? iso(timing.sendMs) : null,
      eventAt: iso(instance.startMs),
      expiresAt: iso(Math.max(instance.endMs, instance.startMs)),
      sendAt: iso(timing.sendMs),
    });
  }
  return out;
}
