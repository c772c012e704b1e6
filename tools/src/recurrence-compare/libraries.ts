import { Temporal } from '@js-temporal/polyfill';
import { toIsoUtc } from '@tickler/core/domain';
import { RecurrenceRule } from '@tickler/time';
import ICAL from 'ical.js';
import { RRuleTemporal } from 'rrule-temporal';

/** A recurrence library under comparison: the first `count` instants (ISO UTC) of a rule. */
export interface Library {
  readonly name: string;
  occurrences(rule: string, timeZone: string, start: string, count: number): string[];
}

const compact = (local: string): string => local.replace(/[-:]/g, '');

/** Tickler's own expander (packages/notifications/src/domain/recurrence). */
export const handWritten: Library = {
  name: 'RecurrenceRule (hand-written)',
  occurrences(rule, timeZone, start, count) {
    const zoned = Temporal.PlainDateTime.from(start).toZonedDateTime(timeZone, {
      disambiguation: 'compatible',
    });
    const series = RecurrenceRule.create({
      rule,
      timeZone,
      start: zoned.toString({ timeZoneName: 'never' }),
    });
    return series.occurrences(series.start, count).map((o) => o.instant);
  },
};

/** rrule-temporal 2.2: RFC 5545 on Temporal ZonedDateTime, its own DST handling. */
export const rruleTemporal: Library = {
  name: 'rrule-temporal 2.2',
  occurrences(rule, timeZone, start, count) {
    const set = new RRuleTemporal({
      rruleString: `DTSTART;TZID=${timeZone}:${compact(start)}\nRRULE:${rule}`,
    });
    return set.all((_, i) => i < count).map((z) => toIsoUtc(z.epochMilliseconds));
  },
};

/**
 * ical.js 2.2's RecurIterator, as the calendar import uses it: the rule runs on the wall clock
 * (ical.js has no IANA zone data) and each wall-clock time becomes an instant by the DST
 * policy (Temporal, `compatible`). UNTIL in UTC is read as written (ical.js compares it with the
 * wall clock). A step cap stands in for a timeout: a rule that never matches loops for ever
 * inside one `next()` for some frequencies (not reached by these cases).
 */
export const icalJs: Library = {
  name: 'ical.js 2.2 RecurIterator',
  occurrences(rule, timeZone, start, count) {
    const iterator = ICAL.Recur.fromString(rule).iterator(ICAL.Time.fromDateTimeString(start));
    const out: string[] = [];
    for (let next = iterator.next(); next && out.length < count; next = iterator.next()) {
      const plain = Temporal.PlainDateTime.from({
        year: next.year,
        month: next.month,
        day: next.day,
        hour: next.hour,
        minute: next.minute,
        second: next.second,
      });
      out.push(
        toIsoUtc(
          plain.toZonedDateTime(timeZone, { disambiguation: 'compatible' }).epochMilliseconds,
        ),
      );
    }
    return out;
  },
};

/** The libraries compared, in the order of the table. */
export const LIBRARIES: readonly Library[] = [handWritten, rruleTemporal, icalJs];
