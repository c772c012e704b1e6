import path from 'node:path';
import { type Application, type ManualClock, tablesOf } from '@tickler/core';
import { createTestApplication } from '@tickler/core/testing';
import {
  notificationsContext,
  type NotificationsContextOptions,
} from '@tickler/notifications/context';
import { SWC_REGISTER } from '@tickler/testing';
import { type Kysely } from 'kysely';
import { calendarContext, type CalendarContextOptions } from '../calendar.context';
import { type CalendarTables } from '../infrastructure/calendar.tables';
import { type ImportWorkerOptions } from '../infrastructure/ics/worker-ics-importer';

/** The import worker as tests run it: its TypeScript entry, transpiled by the swc hook. */
export const TEST_IMPORT_WORKER: ImportWorkerOptions = {
  file: path.join(__dirname, '../infrastructure/ics/ics-import.worker.ts'),
  execArgv: ['--require', SWC_REGISTER],
};

/** An application with the notifications and calendar contexts, its clock and the calendar tables. */
export interface CalendarTestApp {
  readonly app: Application;
  readonly clock: ManualClock;
  readonly db: Kysely<CalendarTables>;
}

/**
 * Notifications + calendar on a fresh database (or `file`) with a manual clock at `at` (default
 * the reference time). The queue is not started unless `start: true`: most tests dispatch
 * syncs themselves. Private targets are allowed unless said otherwise (test servers listen on
 * 127.0.0.1).
 */
export async function createCalendarTestApp(
  options: CalendarContextOptions & {
    file?: string;
    at?: string;
    start?: boolean;
    notifications?: NotificationsContextOptions;
  } = {},
): Promise<CalendarTestApp> {
  const { file, at, start, notifications, ...calendarOptions } = options;
  const { app, clock } = await createTestApplication(
    [
      notificationsContext({ allowPrivateTargets: true, ...notifications }),
      calendarContext({ importWorker: TEST_IMPORT_WORKER, ...calendarOptions }),
    ],
    { ...(file !== undefined ? { file } : {}), ...(at !== undefined ? { start: at } : {}) },
  );
  if (start === true) {
    app.start();
  }
  return { app, clock, db: tablesOf<CalendarTables>(app.database.kysely) };
}
