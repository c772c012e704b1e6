import {
  assertTimeZone,
  formatTimeOfDay,
  InvalidArgumentError,
  parseDuration,
  parseTimeOfDay,
} from '@tickler/core/domain';
import {
  type DigestSettings,
  type DigestSpec,
  type QuietHours,
  type QuietHoursSpec,
  type Weekday,
  WEEKDAYS,
} from './recipient-profile.state';

/** Longest default lead: a year. Longer reads as a mistake (and a lead rule stops at 9 digits). */
const MAX_LEAD_MS = 366 * 86_400_000;

/** `HH:MM` normalised (`9:30` → `09:30`), or an error naming `field`. */
function timeOfDay(text: unknown, field: string): string {
  return formatTimeOfDay(parseTimeOfDay(text, field));
}

/** The canonical IANA spelling, or an error naming `timeZone`. */
export function profileTimeZone(value: unknown): string {
  return assertTimeZone(value, 'timeZone');
}

/**
 * Quiet hours normalised: times as `HH:MM`, days unique in week order. An empty window
 * (start = end) and an empty day list are refused: both would mean "never", which is "no quiet
 * hours" (`null`).
 */
export function profileQuietHours(value: QuietHoursSpec): QuietHours {
  const start = timeOfDay(value.start, 'quietHours.start');
  const end = timeOfDay(value.end, 'quietHours.end');
  if (start === end) {
    throw new InvalidArgumentError(
      'quietHours.end',
      `must differ from start (${start}); to turn quiet hours off send "quietHours": null`,
    );
  }
  let days: Weekday[] | null = null;
  if (value.days !== undefined && value.days !== null) {
    const given = new Set<string>(value.days);
    const unknown = [...given].find((d) => !(WEEKDAYS as readonly string[]).includes(d));
    if (unknown !== undefined || given.size !== value.days.length || given.size === 0) {
      throw new InvalidArgumentError(
        'quietHours.days',
        'must list distinct days out of MO TU WE TH FR SA SU (leave it out for every day)',
      );
    }
    days = WEEKDAYS.filter((d) => given.has(d));
  }
  return { start, end, days };
}

/**
 * A default lead: a duration with its unit, whole seconds (lead rules count seconds), from 1s
 * to a year. Kept as written (trimmed) so the person reads back what they typed.
 */
export function profileDefaultLead(value: unknown): string {
  const text = typeof value === 'string' ? value.trim() : value;
  const ms = parseDuration(text as string, 'defaultLead');
  if (ms % 1000 !== 0 || ms > MAX_LEAD_MS) {
    throw new InvalidArgumentError('defaultLead', 'must be whole seconds, at most 366d');
  }
  return text as string;
}

/** Seconds of a stored default lead (validated when it was set). */
export function defaultLeadSeconds(lead: string): number {
  return parseDuration(lead, 'defaultLead') / 1000;
}

/** Digest settings normalised: `{mode:"tick"}` or `{mode:"daily", at:"HH:MM"}`. */
export function profileDigest(value: DigestSpec): DigestSettings {
  if (value.mode === 'tick') {
    if (value.at !== undefined && value.at !== null) {
      throw new InvalidArgumentError(
        'digest.at',
        'only a daily digest has a time ("mode": "daily")',
      );
    }
    return { mode: 'tick' };
  }
  if (value.mode === 'daily') {
    if (value.at === undefined || value.at === null) {
      throw new InvalidArgumentError(
        'digest.at',
        'a daily digest needs its local time, e.g. "08:00"',
      );
    }
    return { mode: 'daily', at: timeOfDay(value.at, 'digest.at') };
  }
  throw new InvalidArgumentError('digest.mode', 'must be "tick" or "daily"');
}
