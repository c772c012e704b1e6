import { tablesOf } from '@tickler/core';
import { injectable } from 'inversify';
import { type Kysely } from 'kysely';
import {
  type CalendarChanges,
  type CalendarRecord,
  type CalendarRepository,
} from '../application/ports/calendar.repository';
import { type Scope } from '../application/ports/transaction-runner.port';
import { type CalendarSourceKind } from '../domain/calendar-source-location';
import {
  type CalendarSourceRow,
  type CalendarSourceTable,
  type CalendarTables,
} from './calendar.tables';

function q(scope: Scope): Kysely<CalendarTables> {
  return tablesOf<CalendarTables>(scope.db);
}

function recordOf(row: CalendarSourceRow): CalendarRecord {
  return {
    id: row.id,
    recipientId: row.user_id,
    name: row.name,
    kind: row.kind as CalendarSourceKind,
    location: row.location,
    leads: row.leads === '' ? [] : row.leads.split(','),
    enabled: Number(row.enabled) === 1,
    timeZone: row.time_zone,
    allDayAt: row.all_day_at,
    allDayDaysBefore: Number(row.all_day_days_before),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    syncedAt: row.synced_at,
    lastError: row.last_error,
    eventCount: Number(row.event_count),
    reminderCount: Number(row.reminder_count),
  };
}

function columnsOf(changes: CalendarChanges): Partial<CalendarSourceTable> {
  const out: Partial<CalendarSourceTable> = {};
  const set = <K extends keyof CalendarSourceTable>(key: K, value: CalendarSourceTable[K]) => {
    out[key] = value;
  };
  if (changes.name !== undefined) set('name', changes.name);
  if (changes.leads !== undefined) set('leads', changes.leads.join(','));
  if (changes.enabled !== undefined) set('enabled', changes.enabled ? 1 : 0);
  if (changes.timeZone !== undefined) set('time_zone', changes.timeZone);
  if (changes.allDayAt !== undefined) set('all_day_at', changes.allDayAt);
  if (changes.allDayDaysBefore !== undefined) set('all_day_days_before', changes.allDayDaysBefore);
  if (changes.updatedAt !== undefined) set('updated_at', changes.updatedAt);
  if (changes.syncedAt !== undefined) set('synced_at', changes.syncedAt);
  if (changes.lastError !== undefined) set('last_error', changes.lastError);
  if (changes.eventCount !== undefined) set('event_count', changes.eventCount);
  if (changes.reminderCount !== undefined) set('reminder_count', changes.reminderCount);
  return out;
}

/** kysely adapter of `calendar_sources` (and, on removal, the calendar's other rows). */
@injectable()
export class KyselyCalendarRepository implements CalendarRepository {
  async add(scope: Scope, r: CalendarRecord): Promise<void> {
    await q(scope)
      .insertInto('calendar_sources')
      .values({
        id: r.id,
        user_id: r.recipientId,
        name: r.name,
        kind: r.kind,
        location: r.location,
        leads: r.leads.join(','),
        enabled: r.enabled ? 1 : 0,
        time_zone: r.timeZone,
        all_day_at: r.allDayAt,
        all_day_days_before: r.allDayDaysBefore,
        created_at: r.createdAt,
        updated_at: r.updatedAt,
        synced_at: r.syncedAt,
        last_error: r.lastError,
        event_count: r.eventCount,
        reminder_count: r.reminderCount,
      })
      .execute();
  }

  async find(scope: Scope, recipientId: string, id: string): Promise<CalendarRecord | undefined> {
    const row = await q(scope)
      .selectFrom('calendar_sources')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', recipientId)
      .executeTakeFirst();
    return row === undefined ? undefined : recordOf(row);
  }

  async findById(scope: Scope, id: string): Promise<CalendarRecord | undefined> {
    const row = await q(scope)
      .selectFrom('calendar_sources')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row === undefined ? undefined : recordOf(row);
  }

  async list(scope: Scope, recipientId: string): Promise<CalendarRecord[]> {
    const rows = await q(scope)
      .selectFrom('calendar_sources')
      .selectAll()
      .where('user_id', '=', recipientId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map(recordOf);
  }

  async count(scope: Scope, recipientId: string): Promise<number> {
    const row = await q(scope)
      .selectFrom('calendar_sources')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', recipientId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async update(scope: Scope, id: string, changes: CalendarChanges): Promise<void> {
    const columns = columnsOf(changes);
    if (Object.keys(columns).length > 0) {
      await q(scope).updateTable('calendar_sources').set(columns).where('id', '=', id).execute();
    }
  }

  async remove(scope: Scope, id: string): Promise<void> {
    await q(scope).deleteFrom('calendar_reminders').where('calendar_id', '=', id).execute();
    await q(scope).deleteFrom('calendar_reminded').where('calendar_id', '=', id).execute();
    await q(scope).deleteFrom('calendar_sources').where('id', '=', id).execute();
  }

  async enabled(scope: Scope): Promise<{ id: string; recipientId: string }[]> {
    const rows = await q(scope)
      .selectFrom('calendar_sources')
      .select(['id', 'user_id'])
      .where('enabled', '=', 1)
      .orderBy('id')
      .execute();
    return rows.map((r) => ({ id: r.id, recipientId: r.user_id }));
  }

  async ownersAmong(scope: Scope, recipientIds: readonly string[]): Promise<Set<string>> {
    const ids = [...new Set(recipientIds)];
    const owners = new Set<string>();
    for (let i = 0; i < ids.length; i += 500) {
      const rows = await q(scope)
        .selectFrom('calendar_sources')
        .select('user_id')
        .distinct()
        .where('user_id', 'in', ids.slice(i, i + 500))
        .execute();
      for (const row of rows) {
        owners.add(row.user_id);
      }
    }
    return owners;
  }
}
