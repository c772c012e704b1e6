import ICAL from 'ical.js';
import {
  type AlarmSpec,
  compactDate,
  compactUtc,
  type EventInstance,
  EventSkipped,
  type StepBudget,
} from './event-instance';
import {
  type ResolvedZone,
  type TimeWithTzid,
  tzidOf,
  wallClockOf,
  type WallClock,
  wallMs,
  type ZoneClock,
} from './zone-clock';

const DAY_MS = 86_400_000;
/** Wall clocks and instants differ by at most a zone's offset (< 1 day): the slack of range checks. */
const SLACK_MS = 2 * DAY_MS;
/** Alarms read per event: a reminder per alarm, and Outlook sometimes repeats one. */
const MAX_ALARMS = 5;

/** The instants whose occurrences the import wants: starts within [fromMs, toMs]. */
export interface InstanceRange {
  readonly fromMs: number;
  readonly toMs: number;
}

/** What expanding one UID needs besides its components. */
export interface SeriesContext {
  readonly clock: ZoneClock;
  /** The calendar's zone: all-day events are days there. */
  readonly calendarZone: ResolvedZone;
  readonly range: InstanceRange;
  readonly budget: StepBudget;
}

function text(component: ICAL.Component, name: string): string {
  const value: unknown = component.getFirstPropertyValue(name);
  return typeof value === 'string' ? value : '';
}

function isCancelled(component: ICAL.Component): boolean {
  return text(component, 'status').toUpperCase() === 'CANCELLED';
}

function timeProperty(component: ICAL.Component, name: string): ICAL.Time | undefined {
  const value: unknown = component.getFirstPropertyValue(name);
  return value instanceof ICAL.Time ? value : undefined;
}

/** The occurrence key of a start: the date of an all-day event, the UTC instant otherwise. */
function keyOf(time: ICAL.Time, ctx: SeriesContext): string {
  return time.isDate ? compactDate(time) : compactUtc(ctx.clock.utcMsOf(time));
}

function alarmsOf(component: ICAL.Component, ctx: SeriesContext): AlarmSpec[] {
  const alarms: AlarmSpec[] = [];
  const seen = new Set<string>();
  for (const alarm of component.getAllSubcomponents('valarm')) {
    if (text(alarm, 'action').toUpperCase() === 'NONE') {
      continue; // Apple's placeholder for "no alert"
    }
    const trigger = alarm.getFirstProperty('trigger');
    const value: unknown = trigger?.getFirstValue();
    let spec: AlarmSpec | undefined;
    if (value instanceof ICAL.Duration) {
      const related = String(trigger?.getParameter('related') ?? '').toUpperCase();
      spec = {
        kind: 'relative',
        related: related === 'END' ? 'end' : 'start',
        seconds: value.toSeconds(),
      };
    } else if (value instanceof ICAL.Time) {
      spec = { kind: 'absolute', atMs: ctx.clock.utcMsOf(value) };
    }
    const key = JSON.stringify(spec);
    if (spec !== undefined && !seen.has(key) && alarms.length < MAX_ALARMS) {
      seen.add(key);
      alarms.push(spec);
    }
  }
  return alarms;
}

/** Start and end instants of an occurrence starting at `start`, lasting like `component`. */
function spanOf(
  component: ICAL.Component,
  start: ICAL.Time,
  ctx: SeriesContext,
): { startMs: number; endMs: number } {
  const zone = start.isDate ? ctx.calendarZone : ctx.clock.zoneOf(start);
  const dtstart = timeProperty(component, 'dtstart');
  const dtend = timeProperty(component, 'dtend');
  const startMs = ctx.clock.toUtcMs(wallClockOf(start), zone);
  if (start.isDate) {
    // Whole days: the end is midnight of the end date in the calendar's zone.
    let days = 1;
    if (dtstart && dtend && dtend.isDate) {
      days = Math.max(
        1,
        Math.round((wallMs(wallClockOf(dtend)) - wallMs(wallClockOf(dtstart))) / DAY_MS),
      );
    }
    const endWall = new Date(wallMs(wallClockOf(start)) + days * DAY_MS);
    const end: WallClock = {
      year: endWall.getUTCFullYear(),
      month: endWall.getUTCMonth() + 1,
      day: endWall.getUTCDate(),
      hour: 0,
      minute: 0,
      second: 0,
    };
    return { startMs, endMs: ctx.clock.toUtcMs(end, zone) };
  }
  let durationMs = 0;
  const duration: unknown = component.getFirstPropertyValue('duration');
  if (dtstart && dtend && !dtend.isDate) {
    durationMs = ctx.clock.utcMsOf(dtend) - ctx.clock.utcMsOf(dtstart);
  } else if (duration instanceof ICAL.Duration) {
    durationMs = duration.toSeconds() * 1000;
  }
  return { startMs, endMs: startMs + Math.max(0, durationMs) };
}

function instanceOf(
  component: ICAL.Component,
  uid: string,
  recurrenceId: string,
  start: ICAL.Time,
  ctx: SeriesContext,
): EventInstance {
  const { startMs, endMs } = spanOf(component, start, ctx);
  return {
    uid,
    recurrenceId,
    allDay: start.isDate,
    startMs,
    endMs,
    summary: text(component, 'summary'),
    location: text(component, 'location'),
    url: text(component, 'url'),
    alarms: alarmsOf(component, ctx),
  };
}

/** Whether a wall-clock start may fall in the range (checked again on the instant). */
function nearRange(time: ICAL.Time, ctx: SeriesContext): boolean {
  const wall = wallMs(wallClockOf(time));
  return wall >= ctx.range.fromMs - SLACK_MS && wall <= ctx.range.toMs + SLACK_MS;
}

function inRange(startMs: number, ctx: SeriesContext): boolean {
  return startMs >= ctx.range.fromMs && startMs <= ctx.range.toMs;
}

/**
 * The wall clock after which a rule stops (UNTIL read in the event's zone, inclusive), or
 * undefined. ical.js would compare a UTC UNTIL with a wall clock as if both were UTC.
 */
function untilWallOf(
  recur: ICAL.Recur,
  dtstart: ICAL.Time,
  ctx: SeriesContext,
): number | undefined {
  const until = recur.until;
  if (!until) {
    return undefined;
  }
  if (until.isDate) {
    return wallMs(wallClockOf(until)) + DAY_MS - 1000; // the whole day
  }
  if (until.zone === ICAL.Timezone.utcTimezone) {
    const zone = dtstart.isDate ? ctx.calendarZone : ctx.clock.zoneOf(dtstart);
    return wallMs(ctx.clock.toWall(ctx.clock.utcMsOf(until), zone));
  }
  return wallMs(wallClockOf(until));
}

/** The occurrence starts of a master event (DTSTART, RRULE, RDATE), bounded by the budget. */
function occurrenceStarts(
  master: ICAL.Component,
  dtstart: ICAL.Time,
  ctx: SeriesContext,
): ICAL.Time[] {
  const starts: ICAL.Time[] = [];
  let steps = 0;
  const rrule: unknown = master.getFirstPropertyValue('rrule');
  if (rrule instanceof ICAL.Recur) {
    const recur = rrule.clone();
    const untilWall = untilWallOf(recur, dtstart, ctx);
    recur.until = null;
    // Iterate on a floating copy: the rule runs on the wall clock of DTSTART's zone.
    const floating = ICAL.Time.fromData({ ...wallClockOf(dtstart), isDate: dtstart.isDate });
    const iterator = recur.iterator(floating);
    for (let next = iterator.next(); next; next = iterator.next()) {
      ctx.budget.step(++steps);
      const wall = wallMs(wallClockOf(next));
      if ((untilWall !== undefined && wall > untilWall) || wall > ctx.range.toMs + SLACK_MS) {
        break;
      }
      if (nearRange(next, ctx)) {
        starts.push(withZoneOf(next, dtstart));
      }
    }
  } else if (nearRange(dtstart, ctx)) {
    starts.push(dtstart);
  }
  for (const property of master.getAllProperties('rdate')) {
    for (const value of property.getValues() as unknown[]) {
      ctx.budget.step(++steps);
      const time = value instanceof ICAL.Period ? value.start : value;
      if (time instanceof ICAL.Time && nearRange(time, ctx)) {
        starts.push(time);
      }
    }
  }
  return starts;
}

/** A generated wall clock in DTSTART's zone (the iterator worked on a floating copy). */
function withZoneOf(next: ICAL.Time, dtstart: ICAL.Time): ICAL.Time {
  const time = ICAL.Time.fromData({ ...wallClockOf(next), isDate: next.isDate }, dtstart.zone);
  const tzid = tzidOf(dtstart);
  if (tzid !== undefined) {
    (time as TimeWithTzid).timezone = tzid;
  }
  return time;
}

function excludedKeys(master: ICAL.Component, ctx: SeriesContext): Set<string> {
  const keys = new Set<string>();
  let steps = 0;
  for (const property of master.getAllProperties('exdate')) {
    for (const value of property.getValues() as unknown[]) {
      ctx.budget.step(++steps);
      if (value instanceof ICAL.Time) {
        keys.add(keyOf(value, ctx));
      }
    }
  }
  return keys;
}

/**
 * The instances of one UID whose start is in the range: the master's occurrences less its
 * EXDATEs, each replaced by its override (RECURRENCE-ID) when there is one, cancelled ones
 * (STATUS:CANCELLED) left out; overrides whose own start moved into the range count too.
 */
export function expandSeries(
  uid: string,
  master: ICAL.Component | undefined,
  overrides: readonly ICAL.Component[],
  ctx: SeriesContext,
): EventInstance[] {
  const byKey = new Map<string, ICAL.Component>();
  for (const override of overrides) {
    const rid = timeProperty(override, 'recurrence-id');
    if (rid) {
      byKey.set(keyOf(rid, ctx), override);
    }
  }
  const out: EventInstance[] = [];
  const used = new Set<string>();
  if (master !== undefined) {
    const dtstart = timeProperty(master, 'dtstart');
    if (!dtstart) {
      throw new EventSkipped('it has no valid DTSTART');
    }
    if (isCancelled(master)) {
      return [];
    }
    const recurring = master.hasProperty('rrule') || master.hasProperty('rdate');
    const excluded = excludedKeys(master, ctx);
    for (const start of occurrenceStarts(master, dtstart, ctx)) {
      const key = keyOf(start, ctx);
      if (excluded.has(key) || used.has(key)) {
        continue;
      }
      used.add(key);
      const override = byKey.get(key);
      const source = override ?? master;
      if (isCancelled(source)) {
        continue;
      }
      const ownStart = override ? (timeProperty(override, 'dtstart') ?? start) : start;
      const instance = instanceOf(source, uid, recurring ? key : '', ownStart, ctx);
      if (inRange(instance.startMs, ctx)) {
        out.push(instance);
      }
    }
  }
  for (const [key, override] of byKey) {
    const start = timeProperty(override, 'dtstart');
    if (used.has(key) || !start || isCancelled(override) || !nearRange(start, ctx)) {
      continue;
    }
    const instance = instanceOf(override, uid, key, start, ctx);
    if (inRange(instance.startMs, ctx)) {
      out.push(instance);
    }
  }
  return out;
}
