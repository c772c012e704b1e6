// `@tickler/calendar`: the public contract of the calendar context — its commands (with their
// result types), views and errors. Importing it loads no wiring (no ical.js, no worker): the
// factory and adapters are `@tickler/calendar/context`.
export { AddCalendar } from './application/add-calendar/add-calendar.command';
export { ListCalendars } from './application/list-calendars/list-calendars.command';
export { UpdateCalendar } from './application/update-calendar/update-calendar.command';
export { RemoveCalendar } from './application/remove-calendar/remove-calendar.command';
export { SyncCalendar } from './application/sync-calendar/sync-calendar.command';
export {
  SyncAllCalendars,
  type SyncAllCalendarsResult,
} from './application/sync-all-calendars/sync-all-calendars.command';
export {
  ResolveReminded,
  type ResolveRemindedResult,
} from './application/resolve-reminded/resolve-reminded.command';
export { ListCalendarEvents } from './application/list-calendar-events/list-calendar-events.command';
export {
  CreateCalendarFeed,
  RevokeCalendarFeed,
  RenderCalendarFeed,
} from './application/calendar-feed/calendar-feed.commands';
export {
  type CalendarView,
  type CalendarSyncResult,
  type CalendarEventView,
  type CalendarFeedView,
} from './application/calendar.view';
export { CALENDAR_SOURCE_APP } from './application/calendar-source-app';
export {
  CalendarNotFoundError,
  CalendarLimitReachedError,
  CalendarFeedNotFoundError,
  CalendarPlanTooLargeError,
} from './domain/calendar.errors';
export { DEFAULT_LEAD, MAX_LEADS, parseLeadList, describeLead } from './domain/lead-list';
export {
  parseSourceLocation,
  type CalendarSourceKind,
  MAX_SOURCE_LENGTH,
} from './domain/calendar-source-location';
