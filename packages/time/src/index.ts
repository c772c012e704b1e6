// `@tickler/time`: people's time as pure rules — recurring series (an RFC 5545 RRULE subset
// expanded in an IANA zone), natural-language `when` texts, the civil calendar. A leaf: it
// imports only the pure kernel (`@tickler/core/domain`: instants, zones, durations) and
// nothing with side effects (no clock, no I/O, no container, no validation framework), so the
// CLI reads `--at` and `--every` with it on every run without loading a context (the
// notifications contract pulls in class-validator, kysely and inversify: about 3 s of a loaded
// machine's start-up, against well under one for this package).
export * from './recurrence';
export {
  DEFAULT_TIME_OF_DAY,
  resolveWhen,
  WHEN_MAX_LENGTH,
  type ResolvedWhen,
  type ResolveWhenOptions,
} from './when/resolve-when';
export {
  civilDateOf,
  epochDayOf,
  weekdayOf,
  type CivilDate,
  type IsoWeekday,
} from './recurrence/civil-date';
export { nextDailyAt, quietUntil, type DailyWindow } from './windows/daily-windows';
