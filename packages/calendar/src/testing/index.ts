// Test helpers of the calendar context: `@tickler/calendar/testing`, tests only (excluded from
// the library build).
export * from './calendar-test-app';
