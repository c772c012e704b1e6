import { sqlDialectOf, tablesOf } from '@tickler/core';
import { injectable } from 'inversify';
import { type Kysely } from 'kysely';
import {
  type ReminderChanges,
  type ReminderRepository,
  type StoredReminder,
} from '../application/ports/calendar.repository';
import { type PlannedReminder } from '../application/ports/ics-importer.port';
import { type Scope } from '../application/ports/transaction-runner.port';
import { type CalendarReminderRow, type CalendarTables } from './calendar.tables';

/** Rows per multi-row statement (12 columns: far below either engine's parameter limit). */
const CHUNK = 400;

function q(scope: Scope): Kysely<CalendarTables> {
  return tablesOf<CalendarTables>(scope.db);
}

function reminderOf(row: CalendarReminderRow): StoredReminder {
  return {
    calendarId: row.calendar_id,
    recipientId: row.user_id,
    sourceKey: row.source_key,
    rule: row.rule === '' ? null : row.rule,
    instanceKey: row.instance_key,
    title: row.title,
    message: row.message,
    url: row.url,
    scheduledAt: row.scheduled_at,
    eventAt: row.event_at,
    expiresAt: row.expires_at,
    sendAt: row.send_at,
  };
}

function rowOf(calendarId: string, recipientId: string, r: PlannedReminder): CalendarReminderRow {
  return {
    calendar_id: calendarId,
    source_key: r.sourceKey,
    rule: r.rule ?? '',
    user_id: recipientId,
    instance_key: r.instanceKey,
    title: r.title,
    message: r.message,
    url: r.url,
    scheduled_at: r.scheduledAt,
    event_at: r.eventAt,
    expires_at: r.expiresAt,
    send_at: r.sendAt,
  };
}

/** kysely adapter of `calendar_reminders`. */
@injectable()
export class KyselyReminderRepository implements ReminderRepository {
  async ofCalendar(scope: Scope, calendarId: string): Promise<StoredReminder[]> {
    const rows = await q(scope)
      .selectFrom('calendar_reminders')
      .selectAll()
      .where('calendar_id', '=', calendarId)
      .orderBy('source_key')
      .orderBy('rule')
      .execute();
    return rows.map(reminderOf);
  }

  async apply(
    scope: Scope,
    calendarId: string,
    recipientId: string,
    changes: ReminderChanges,
  ): Promise<void> {
    const gone = [...changes.remove, ...changes.put];
    for (let i = 0; i < gone.length; i += CHUNK) {
      const slice = gone.slice(i, i + CHUNK);
      await q(scope)
        .deleteFrom('calendar_reminders')
        .where('calendar_id', '=', calendarId)
        .where((eb) =>
          eb.or(
            slice.map((r) =>
              eb.and([eb('source_key', '=', r.sourceKey), eb('rule', '=', r.rule ?? '')]),
            ),
          ),
        )
        .execute();
    }
    for (let i = 0; i < changes.put.length; i += CHUNK) {
      await q(scope)
        .insertInto('calendar_reminders')
        .values(changes.put.slice(i, i + CHUNK).map((r) => rowOf(calendarId, recipientId, r)))
        .execute();
    }
  }

  async lockPlan(scope: Scope): Promise<void> {
    await sqlDialectOf(scope.db).lockForTransaction(scope.db, '.calendar-plan');
  }

  async removeCalendar(scope: Scope, calendarId: string): Promise<void> {
    await q(scope).deleteFrom('calendar_reminders').where('calendar_id', '=', calendarId).execute();
  }

  async all(scope: Scope, limit: number): Promise<StoredReminder[]> {
    const rows = await q(scope)
      .selectFrom('calendar_reminders')
      .selectAll()
      .orderBy('calendar_id')
      .orderBy('source_key')
      .orderBy('rule')
      .limit(limit + 1)
      .execute();
    return rows.map(reminderOf);
  }
}
