import {
  formatLocalDateTime,
  fromLocalDateTime,
  type LocalDateTime,
  toLocalDateTime,
} from '@tickler/core/domain';

/**
 * The hours a bare "at four" may mean, 07:00 up to 21:00: a person asking for "four" at ten in
 * the morning means 16:00, not 04:00 tomorrow (issue 31, the seed's "remind me at four").
 */
export const DAYTIME_FIRST_HOUR = 7;
/** Last hour of the day a bare hour may land on (21:00, "at nine" in the evening). */
export const DAYTIME_LAST_HOUR = 21;

const WORDS = [
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
];
// "at four", "at 4", "four o'clock", "at 4 o'clock": an hour with neither am/pm nor minutes.
const BARE_HOUR = new RegExp(
  `^(?:at\\s+(\\d{1,2}|${WORDS.join('|')})(?:\\s+o'?clock)?|(\\d{1,2}|${WORDS.join('|')})\\s+o'?clock)$`,
  'i',
);

/** The hour (1–23) a bare-hour text names, or undefined when the text is something else. */
export function bareHourOf(text: string): number | undefined {
  const match = BARE_HOUR.exec(text.trim());
  const token = (match?.[1] ?? match?.[2])?.toLowerCase();
  if (token === undefined) {
    return undefined;
  }
  const hour = /^\d+$/.test(token) ? Number(token) : WORDS.indexOf(token) + 1;
  return hour >= 1 && hour <= 23 ? hour : undefined;
}

/** Where a bare hour landed: the instant and the wall-clock time in the zone. */
export interface BareHourTime {
  readonly instant: string;
  readonly local: string;
  readonly offset: string;
  readonly gapShiftMinutes: number;
  readonly repeated: boolean;
}

/**
 * The nearest future `hour` o'clock in daytime ({@link DAYTIME_FIRST_HOUR}–{@link
 * DAYTIME_LAST_HOUR}) in `timeZone`: an hour of 1–12 may be the morning's or the afternoon's,
 * whichever daytime one comes first; today's if still ahead, else tomorrow's. An hour no
 * daytime reading fits ("at 3" read as 03:00 or 15:00 → 15:00) takes the daytime one.
 */
export function nearestDaytimeHour(
  hour: number,
  now: string,
  timeZone: string,
  field: string,
): BareHourTime {
  const readings = (hour <= 12 ? [hour % 12, (hour % 12) + 12] : [hour]).filter(
    (h) => h >= DAYTIME_FIRST_HOUR && h <= DAYTIME_LAST_HOUR,
  );
  const hours = readings.length > 0 ? readings : [hour];
  const today = toLocalDateTime(now, timeZone).local;
  for (const dayOffset of [0, 1, 2]) {
    const day = new Date(Date.UTC(today.year, today.month - 1, today.day + dayOffset));
    for (const h of hours) {
      const local: LocalDateTime = {
        year: day.getUTCFullYear(),
        month: day.getUTCMonth() + 1,
        day: day.getUTCDate(),
        hour: h,
        minute: 0,
        second: 0,
        millisecond: 0,
      };
      const resolved = fromLocalDateTime(local, timeZone, field);
      if (resolved.instant > now) {
        return {
          instant: resolved.instant,
          local: formatLocalDateTime(resolved.local),
          offset: resolved.offset,
          gapShiftMinutes: resolved.gapShiftMinutes,
          repeated: resolved.repeated,
        };
      }
    }
  }
  // Unreachable: a daytime hour tomorrow is always ahead of now.
  throw new RangeError(`no ${hour} o'clock ahead of ${now}`);
}
