import { type MigrationSet } from '@tickler/core';
import { createCalendarTables } from './migrations/2027_01_10_0900_create_calendar_tables';

/** The calendar context's migrations under their ledger names (`calendar_migrations`). */
export const calendarMigrations: MigrationSet = {
  '2027_01_10_0900_create_calendar_tables': createCalendarTables,
};
