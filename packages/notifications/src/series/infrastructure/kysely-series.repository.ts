import { sqlDialectOf, tablesOf } from '@tickler/core';
import { injectable } from 'inversify';
import { type Scope } from '../../shared/application/ports/scope';
import { type DeliveryPriority } from '../../shared/domain/notification-status';
import {
  type OccurrenceRecord,
  type OpenOccurrence,
  type SeriesRecord,
  type SeriesRepository,
} from '../application/ports/series.repository';
import { type OccurrenceRow, type SeriesRow, type SeriesTables } from './series.tables';

function toSeries(row: SeriesRow): SeriesRecord {
  return {
    id: row.id,
    recipientId: row.recipient_id,
    rule: row.rule,
    timeZone: row.time_zone,
    startAt: row.start_at,
    status: row.status,
    title: row.title,
    message: row.message,
    url: row.url,
    channels: row.channels === null ? null : (JSON.parse(row.channels) as string[]),
    priority: (row.priority ?? 'normal') as DeliveryPriority,
    escalation:
      row.escalate_after_ms !== null && row.escalate_channel !== null
        ? { afterMs: Number(row.escalate_after_ms), channel: row.escalate_channel }
        : null,
    fallback: row.fallback_channel !== null ? { channel: row.fallback_channel } : null,
    currentNumber: Number(row.current_number),
    currentInstant: row.current_instant,
    currentDeliveryId: row.current_delivery_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toOccurrence(row: OccurrenceRow): OccurrenceRecord {
  return {
    id: row.id,
    seriesId: row.series_id,
    number: Number(row.number),
    instant: row.instant,
    deliveryId: row.delivery_id,
    outcome: row.outcome,
    reason: row.reason,
    recordedAt: row.recorded_at,
  };
}

function mutableColumns(s: SeriesRecord) {
  return {
    rule: s.rule,
    time_zone: s.timeZone,
    start_at: s.startAt,
    status: s.status,
    title: s.title,
    message: s.message,
    url: s.url,
    channels: s.channels === null ? null : JSON.stringify(s.channels),
    priority: s.priority,
    escalate_after_ms: s.escalation?.afterMs ?? null,
    escalate_channel: s.escalation?.channel ?? null,
    fallback_channel: s.fallback?.channel ?? null,
    current_number: s.currentNumber,
    current_instant: s.currentInstant,
    current_delivery_id: s.currentDeliveryId,
    updated_at: s.updatedAt,
  };
}

/** kysely adapter of {@link SeriesRepository} (SQLite and PostgreSQL). */
@injectable()
export class KyselySeriesRepository implements SeriesRepository {
  async insert(scope: Scope, s: SeriesRecord): Promise<void> {
    await tablesOf<SeriesTables>(scope.db)
      .insertInto('notification_series')
      .values({
        id: s.id,
        recipient_id: s.recipientId,
        created_at: s.createdAt,
        ...mutableColumns(s),
      })
      .execute();
  }

  async update(scope: Scope, s: SeriesRecord): Promise<void> {
    await tablesOf<SeriesTables>(scope.db)
      .updateTable('notification_series')
      .set(mutableColumns(s))
      .where('id', '=', s.id)
      .execute();
  }

  async findByDelivery(scope: Scope, deliveryId: string): Promise<SeriesRecord | undefined> {
    const db = tablesOf<SeriesTables>(scope.db);
    const query = db
      .selectFrom('notification_series')
      .selectAll()
      .where(
        'id',
        '=',
        db
          .selectFrom('notification_series_occurrences')
          .select('series_id')
          .where('delivery_id', '=', deliveryId)
          .limit(1),
      );
    const row = await sqlDialectOf(scope.db).lockRows(query).executeTakeFirst();
    return row === undefined ? undefined : toSeries(row);
  }

  async seriesOfDeliveries(
    scope: Scope,
    deliveryIds: readonly string[],
  ): Promise<Map<string, SeriesRecord>> {
    const found = new Map<string, SeriesRecord>();
    if (deliveryIds.length === 0) {
      return found;
    }
    const rows = await tablesOf<SeriesTables>(scope.db)
      .selectFrom('notification_series_occurrences as o')
      .innerJoin('notification_series as s', 's.id', 'o.series_id')
      .selectAll('s')
      .select('o.delivery_id as occurrence_delivery_id')
      .where('o.delivery_id', 'in', [...deliveryIds])
      .execute();
    for (const { occurrence_delivery_id: deliveryId, ...series } of rows) {
      if (deliveryId !== null) {
        found.set(deliveryId, toSeries(series));
      }
    }
    return found;
  }

  async openOccurrencesOf(scope: Scope, deliveryIds: readonly string[]): Promise<OpenOccurrence[]> {
    if (deliveryIds.length === 0) {
      return [];
    }
    const db = tablesOf<SeriesTables>(scope.db);
    const occurrences = await db
      .selectFrom('notification_series_occurrences')
      .selectAll()
      .where('delivery_id', 'in', [...deliveryIds])
      .where('outcome', '=', 'scheduled')
      .execute();
    if (occurrences.length === 0) {
      return [];
    }
    const seriesIds = [...new Set(occurrences.map((o) => o.series_id))];
    const query = db.selectFrom('notification_series').selectAll().where('id', 'in', seriesIds);
    const rows = await sqlDialectOf(scope.db).lockRows(query).execute();
    const byId = new Map(rows.map((r) => [r.id, toSeries(r)]));
    return occurrences.flatMap((o) => {
      const series = byId.get(o.series_id);
      return series === undefined ? [] : [{ occurrence: toOccurrence(o), series }];
    });
  }

  async record(scope: Scope, occurrences: readonly OccurrenceRecord[]): Promise<void> {
    // 8 parameters a row: 100 rows stay far below either driver's limit.
    for (let i = 0; i < occurrences.length; i += 100) {
      await tablesOf<SeriesTables>(scope.db)
        .insertInto('notification_series_occurrences')
        .values(
          occurrences.slice(i, i + 100).map((o) => ({
            id: o.id,
            series_id: o.seriesId,
            number: o.number,
            instant: o.instant,
            delivery_id: o.deliveryId,
            outcome: o.outcome,
            reason: o.reason,
            recorded_at: o.recordedAt,
          })),
        )
        .execute();
    }
  }

  async updateOccurrence(scope: Scope, o: OccurrenceRecord): Promise<void> {
    await tablesOf<SeriesTables>(scope.db)
      .updateTable('notification_series_occurrences')
      .set({
        number: o.number,
        instant: o.instant,
        outcome: o.outcome,
        reason: o.reason,
        recorded_at: o.recordedAt,
      })
      .where('id', '=', o.id)
      .execute();
  }

  async latestOccurrences(
    scope: Scope,
    seriesId: string,
    limit: number,
  ): Promise<OccurrenceRecord[]> {
    const rows = await tablesOf<SeriesTables>(scope.db)
      .selectFrom('notification_series_occurrences')
      .selectAll()
      .where('series_id', '=', seriesId)
      .orderBy('instant', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.reverse().map(toOccurrence);
  }
}
