/** DI tokens of the calendar context. */
export const CALENDAR_TOKENS = {
  Options: Symbol.for('calendar.Options'),
  Calendars: Symbol.for('calendar.Calendars'),
  Reminders: Symbol.for('calendar.Reminders'),
  Reminded: Symbol.for('calendar.Reminded'),
  Feeds: Symbol.for('calendar.Feeds'),
  FeedSecrets: Symbol.for('calendar.FeedSecrets'),
  FeedWriter: Symbol.for('calendar.FeedWriter'),
  SourceReader: Symbol.for('calendar.SourceReader'),
  Importer: Symbol.for('calendar.Importer'),
  /** The outbound address rule (bound to the notifications context's `TargetGuard`). */
  TargetRule: Symbol.for('calendar.TargetRule'),
} as const;
