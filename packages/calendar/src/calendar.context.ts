import { BoundedContext } from '@tickler/core';
import { TargetGuard } from '@tickler/notifications/context';
import { ContainerModule } from 'inversify';
import { AddCalendarHandler } from './application/add-calendar/add-calendar.handler';
import {
  CreateCalendarFeedHandler,
  RenderCalendarFeedHandler,
  RevokeCalendarFeedHandler,
} from './application/calendar-feed/calendar-feed.handlers';
import { type CalendarOptions, resolveCalendarOptions } from './application/calendar.options';
import { CalendarReconcile } from './application/calendar-reconcile';
import { CalendarSyncQueue } from './application/calendar-sync-queue';
import { CalendarViews } from './application/calendar-views';
import { ListCalendarEventsHandler } from './application/list-calendar-events/list-calendar-events.handler';
import { ListCalendarsHandler } from './application/list-calendars/list-calendars.handler';
import { type OutboundTargetRule } from './application/ports/calendar-source-reader.port';
import { ResolveRemindedHandler } from './application/resolve-reminded/resolve-reminded.handler';
import { RemoveCalendarHandler } from './application/remove-calendar/remove-calendar.handler';
import { SyncAllCalendarsHandler } from './application/sync-all-calendars/sync-all-calendars.handler';
import { CalendarSync } from './application/sync-calendar/calendar-sync';
import { SyncCalendarHandler } from './application/sync-calendar/sync-calendar.handler';
import { UpdateCalendarHandler } from './application/update-calendar/update-calendar.handler';
import { CALENDAR_TOKENS } from './calendar.tokens';
import { calendarMigrations } from './infrastructure/calendar.migrations';
import { CryptoFeedSecrets, IcalFeedWriter } from './infrastructure/feed/ical-feed-writer';
import { FileOrHttpsSourceReader } from './infrastructure/fetch/calendar-source-reader';
import {
  type ImportWorkerOptions,
  WorkerIcsImporter,
} from './infrastructure/ics/worker-ics-importer';
import { KyselyCalendarRepository } from './infrastructure/kysely-calendar.repository';
import {
  KyselyFeedRepository,
  KyselyRemindedRepository,
} from './infrastructure/kysely-feed.repository';
import { KyselyReminderRepository } from './infrastructure/kysely-reminder.repository';
import { LastRemindedProjector } from './infrastructure/last-reminded.projector';

/** Options of {@link calendarContext}. */
export interface CalendarContextOptions extends CalendarOptions {
  /** How the import worker starts (tests run its TypeScript entry). */
  readonly importWorker?: ImportWorkerOptions;
  /** Extra certificate authorities (PEM) downloads trust: tests' self-signed servers. */
  readonly trustedCa?: string;
}

/** The calendar context's command handlers. */
export const CALENDAR_COMMAND_HANDLERS = [
  AddCalendarHandler,
  ListCalendarsHandler,
  UpdateCalendarHandler,
  RemoveCalendarHandler,
  SyncCalendarHandler,
  SyncAllCalendarsHandler,
  ListCalendarEventsHandler,
  CreateCalendarFeedHandler,
  RevokeCalendarFeedHandler,
  RenderCalendarFeedHandler,
  ResolveRemindedHandler,
];

/**
 * The calendar bounded context: a person's ICS calendars (files or https URLs) become scheduled
 * reminders through the notifications context's commands, dispatched in-process in this
 * context's transactions; a projector of `notifications.sent` keeps "last reminded" per event
 * occurrence; a private feed serves the person's reminders back as iCalendar. It needs the
 * notifications context in the same application (its commands, and its outbound address rule,
 * `TargetGuard`, which downloads share).
 */
export function calendarContext(options: CalendarContextOptions = {}): BoundedContext {
  const resolved = resolveCalendarOptions(options);
  const bindings = new ContainerModule(({ bind }) => {
    bind(CALENDAR_TOKENS.Options).toConstantValue(resolved);
    bind(CALENDAR_TOKENS.Calendars).to(KyselyCalendarRepository).inSingletonScope();
    bind(CALENDAR_TOKENS.Reminders).to(KyselyReminderRepository).inSingletonScope();
    bind(CALENDAR_TOKENS.Reminded).to(KyselyRemindedRepository).inSingletonScope();
    bind(CALENDAR_TOKENS.Feeds).to(KyselyFeedRepository).inSingletonScope();
    bind(CALENDAR_TOKENS.FeedSecrets).to(CryptoFeedSecrets).inSingletonScope();
    bind(CALENDAR_TOKENS.FeedWriter).to(IcalFeedWriter).inSingletonScope();
    bind(CALENDAR_TOKENS.TargetRule)
      .toDynamicValue((ctx) => ctx.get<OutboundTargetRule>(TargetGuard))
      .inSingletonScope();
    bind(CALENDAR_TOKENS.SourceReader)
      .toDynamicValue(
        (ctx) =>
          new FileOrHttpsSourceReader(
            ctx.get<OutboundTargetRule>(CALENDAR_TOKENS.TargetRule),
            {
              maxBytes: resolved.maxBytes,
              timeoutMs: resolved.fetchTimeoutMs,
              maxRedirects: resolved.maxRedirects,
            },
            options.trustedCa,
          ),
      )
      .inSingletonScope();
    bind(CALENDAR_TOKENS.Importer).toConstantValue(new WorkerIcsImporter(options.importWorker));
    bind(CalendarSync).toSelf().inSingletonScope();
    bind(CalendarReconcile).toSelf().inSingletonScope();
    bind(CalendarViews).toSelf().inSingletonScope();
    bind(CalendarSyncQueue).toSelf().inSingletonScope();
  });
  return BoundedContext.create({
    name: 'calendar',
    migrations: calendarMigrations,
    bindings,
    commands: CALENDAR_COMMAND_HANDLERS,
    events: [LastRemindedProjector],
    jobs: [
      {
        handler: SyncAllCalendarsHandler,
        // run-once: after downtime (a laptop asleep overnight) one sync stands for the missed
        // ones — each sync reads the calendar as it is now and moves the window to now, so a
        // replay would do the same work again, and `skip` would leave the window and any
        // change made meanwhile stale until the next period. The grace only decides whether
        // the ledger calls the run late.
        repeat: { every: resolved.syncEvery, onMissed: 'run-once', grace: '10m' },
        runOnStart: true,
      },
    ],
  });
}
