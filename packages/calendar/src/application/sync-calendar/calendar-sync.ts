import { type Clock, type CommandBus, CORE_TOKENS, type Database, toIsoUtc } from '@tickler/core';
import { GetRecipientProfile, type ReconcileResult } from '@tickler/notifications';
import { inject, injectable } from 'inversify';
import { CALENDAR_TOKENS } from '../../calendar.tokens';
import { CalendarPlanTooLargeError } from '../../domain/calendar.errors';
import { CalendarReconcile } from '../calendar-reconcile';
import { type CalendarSyncResult } from '../calendar.view';
import { CalendarViews } from '../calendar-views';
import { type ResolvedCalendarOptions } from '../calendar.options';
import {
  type CalendarChanges,
  type CalendarRecord,
  type CalendarRepository,
  type ReminderRepository,
} from '../ports/calendar.repository';
import { type CalendarSourceReader } from '../ports/calendar-source-reader.port';
import {
  type IcsImporter,
  type ImportOutcome,
  type PlannedReminder,
} from '../ports/ics-importer.port';
import { type TransactionRunner } from '../ports/transaction-runner.port';
import { diffReminders, isEmpty } from './reminder-diff';

/** What reading and importing a calendar gave: its reminders (undefined: keep the old ones) and status. */
interface Reading {
  readonly planned: readonly PlannedReminder[] | undefined;
  readonly status: Pick<CalendarChanges, 'lastError' | 'eventCount' | 'reminderCount'>;
}

/** The source's note on skipped events and unknown zones (null when there is none). */
function noteOf(outcome: Extract<ImportOutcome, { ok: true }>): string | null {
  const notes: string[] = [];
  if (outcome.skippedCount > 0) {
    const listed = outcome.skipped.map((s) => `"${s.uid}": ${s.reason}`).join('; ');
    const more = outcome.skippedCount - outcome.skipped.length;
    notes.push(
      `skipped ${outcome.skippedCount} event${outcome.skippedCount === 1 ? '' : 's'}: ${listed}${more > 0 ? `; and ${more} more` : ''}`,
    );
  }
  if (outcome.unknownZones.length > 0) {
    notes.push(
      `unknown time zones read in the calendar's zone: ${outcome.unknownZones.join(', ')}`,
    );
  }
  return notes.length === 0 ? null : notes.join('. ').slice(0, 2000);
}

/**
 * One sync of one calendar: read the source (outside any transaction: no network call holds the
 * write lock), import it in the worker, and when the reminders or the source's status differ
 * from what is stored, write both and reconcile the deliveries — in ONE transaction. When
 * nothing differs nothing is written at all: no transaction is opened.
 */
@injectable()
export class CalendarSync {
  constructor(
    @inject(CORE_TOKENS.UnitOfWork) private readonly uow: TransactionRunner,
    @inject(CORE_TOKENS.Clock) private readonly clock: Clock,
    @inject(CORE_TOKENS.Database) private readonly database: Database,
    @inject(CORE_TOKENS.CommandBus) private readonly bus: CommandBus,
    @inject(CALENDAR_TOKENS.Options) private readonly options: ResolvedCalendarOptions,
    @inject(CALENDAR_TOKENS.Calendars) private readonly calendars: CalendarRepository,
    @inject(CALENDAR_TOKENS.Reminders) private readonly reminders: ReminderRepository,
    @inject(CALENDAR_TOKENS.SourceReader) private readonly reader: CalendarSourceReader,
    @inject(CALENDAR_TOKENS.Importer) private readonly importer: IcsImporter,
    @inject(CalendarReconcile) private readonly reconcile: CalendarReconcile,
    @inject(CalendarViews) private readonly views: CalendarViews,
  ) {}

  async run(calendar: CalendarRecord): Promise<CalendarSyncResult> {
    const now = toIsoUtc(this.clock.now());
    const reading = await this.read(calendar, now);
    const stored = await this.reminders.ofCalendar({ db: this.database.kysely }, calendar.id);
    const statusChanged = (Object.keys(reading.status) as (keyof Reading['status'])[]).some(
      (key) => reading.status[key] !== calendar[key],
    );
    const unchanged =
      reading.planned === undefined || isEmpty(diffReminders(stored, reading.planned));
    if (unchanged && !statusChanged) {
      return { calendar: await this.views.one(calendar), changed: false, reminders: null };
    }
    let reconciled: ReconcileResult | null = null;
    let status: CalendarChanges = { ...reading.status, syncedAt: now };
    try {
      reconciled = await this.write(calendar, reading, status);
    } catch (error) {
      if (!(error instanceof CalendarPlanTooLargeError)) {
        throw error;
      }
      // Nothing of this sync was written: record why, keep the reminders as they were.
      status = { lastError: error.message, syncedAt: now };
      await this.uow.run((tx) => this.calendars.update(tx, calendar.id, status));
    }
    const after = { ...calendar, ...status };
    return { calendar: await this.views.one(after), changed: true, reminders: reconciled };
  }

  private async write(
    calendar: CalendarRecord,
    reading: Reading,
    status: CalendarChanges,
  ): Promise<ReconcileResult | null> {
    return this.uow.run(async (tx) => {
      await this.reminders.lockPlan(tx);
      // Read again under the lock: the calendar may have been turned off or removed while its
      // source was read, and that change's own sync may already have withdrawn its reminders.
      const current = await this.calendars.findById(tx, calendar.id);
      if (current === undefined) {
        return null;
      }
      const planned = current.enabled ? reading.planned : [];
      let reconciled: ReconcileResult | null = null;
      if (planned !== undefined) {
        // Compared again under the lock: another sync of this calendar may have written since.
        const changes = diffReminders(await this.reminders.ofCalendar(tx, calendar.id), planned);
        if (!isEmpty(changes)) {
          await this.reminders.apply(tx, calendar.id, calendar.recipientId, changes);
          reconciled = await this.reconcile.run(tx);
        }
      }
      await this.calendars.update(
        tx,
        calendar.id,
        current.enabled ? status : { ...status, reminderCount: 0 },
      );
      return reconciled;
    });
  }

  private async read(calendar: CalendarRecord, now: string): Promise<Reading> {
    if (!calendar.enabled) {
      return { planned: [], status: { reminderCount: 0 } };
    }
    const source = await this.reader.read({ kind: calendar.kind, location: calendar.location });
    if (!source.ok) {
      return { planned: undefined, status: { lastError: source.error } };
    }
    const outcome = await this.importer.import(source.text, {
      calendarId: calendar.id,
      now,
      windowDays: this.options.windowDays,
      leads: calendar.leads,
      timeZone: calendar.timeZone ?? (await this.profileZone(calendar.recipientId)),
      allDayAt: calendar.allDayAt,
      allDayDaysBefore: calendar.allDayDaysBefore,
      limits: this.options.limits,
    });
    if (!outcome.ok) {
      return { planned: undefined, status: { lastError: outcome.error } };
    }
    return {
      planned: outcome.reminders,
      status: {
        lastError: noteOf(outcome),
        eventCount: outcome.events,
        reminderCount: outcome.reminders.length,
      },
    };
  }

  /** The person's profile zone (the notifications context's), or null when they set none. */
  private async profileZone(recipientId: string): Promise<string | null> {
    const profile = await this.bus.dispatch(
      Object.assign(new GetRecipientProfile(), { recipientId }),
    );
    return profile.timeZone;
  }
}
