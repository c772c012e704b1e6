// `@tickler/calendar/context`: what a process that composes the calendar context needs (the
// factory, its options, DI tokens, the projector, the migrations). Callers of the context
// import its contract from `@tickler/calendar`.
export {
  calendarContext,
  type CalendarContextOptions,
  CALENDAR_COMMAND_HANDLERS,
} from './calendar.context';
export { CALENDAR_TOKENS } from './calendar.tokens';
export { type CalendarOptions, DEFAULT_IMPORT_LIMITS } from './application/calendar.options';
export {
  type ImportWorkerOptions,
  type ImportWorkerSource,
  useImportWorkerSource,
  WorkerIcsImporter,
} from './infrastructure/ics/worker-ics-importer';
export { LastRemindedProjector } from './infrastructure/last-reminded.projector';
export { calendarMigrations } from './infrastructure/calendar.migrations';
