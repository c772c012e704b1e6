import { tablesOf } from '@tickler/core';
import { injectable } from 'inversify';
import { type Kysely } from 'kysely';
import {
  type FeedRepository,
  type RemindedRepository,
  type SentReminder,
} from '../application/ports/feed.repository';
import { type Scope } from '../application/ports/transaction-runner.port';
import { type CalendarTables } from './calendar.tables';

function q(scope: Scope): Kysely<CalendarTables> {
  return tablesOf<CalendarTables>(scope.db);
}

/** kysely adapter of `calendar_feeds`. */
@injectable()
export class KyselyFeedRepository implements FeedRepository {
  async put(
    scope: Scope,
    recipientId: string,
    tokenHash: string,
    createdAt: string,
  ): Promise<void> {
    await q(scope)
      .insertInto('calendar_feeds')
      .values({ user_id: recipientId, token_hash: tokenHash, created_at: createdAt })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({ token_hash: tokenHash, created_at: createdAt }),
      )
      .execute();
  }

  async remove(scope: Scope, recipientId: string): Promise<boolean> {
    const result = await q(scope)
      .deleteFrom('calendar_feeds')
      .where('user_id', '=', recipientId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async ownerOf(scope: Scope, tokenHash: string): Promise<string | undefined> {
    const row = await q(scope)
      .selectFrom('calendar_feeds')
      .select('user_id')
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    return row?.user_id;
  }
}

/** kysely adapter of `calendar_reminded` and `calendar_sent`. */
@injectable()
export class KyselyRemindedRepository implements RemindedRepository {
  async addSent(scope: Scope, sent: readonly SentReminder[]): Promise<void> {
    if (sent.length > 0) {
      await q(scope)
        .insertInto('calendar_sent')
        .values(
          sent.map((s) => ({
            delivery_id: s.deliveryId,
            user_id: s.recipientId,
            sent_at: s.sentAt,
          })),
        )
        .onConflict((oc) => oc.column('delivery_id').doNothing())
        .execute();
    }
  }

  async pendingSent(scope: Scope, limit: number): Promise<SentReminder[]> {
    const rows = await q(scope)
      .selectFrom('calendar_sent')
      .selectAll()
      .orderBy('sent_at')
      .orderBy('delivery_id')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      deliveryId: r.delivery_id,
      recipientId: r.user_id,
      sentAt: r.sent_at,
    }));
  }

  async takeSent(scope: Scope, deliveryId: string): Promise<boolean> {
    const result = await q(scope)
      .deleteFrom('calendar_sent')
      .where('delivery_id', '=', deliveryId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  async record(
    scope: Scope,
    e: {
      calendarId: string;
      instanceKey: string;
      recipientId: string;
      sentAt: string;
      deliveryId: string;
    },
  ): Promise<void> {
    await q(scope)
      .insertInto('calendar_reminded')
      .values({
        calendar_id: e.calendarId,
        instance_key: e.instanceKey,
        user_id: e.recipientId,
        last_reminded_at: e.sentAt,
        last_delivery_id: e.deliveryId,
        reminded_count: 1,
      })
      .onConflict((oc) =>
        oc.columns(['calendar_id', 'instance_key']).doUpdateSet((eb) => ({
          reminded_count: eb('calendar_reminded.reminded_count', '+', 1),
          // Events can arrive out of order (two queue rows): keep the latest instant.
          last_reminded_at: eb
            .case()
            .when('calendar_reminded.last_reminded_at', '<', e.sentAt)
            .then(e.sentAt)
            .else(eb.ref('calendar_reminded.last_reminded_at'))
            .end(),
          last_delivery_id: eb
            .case()
            .when('calendar_reminded.last_reminded_at', '<', e.sentAt)
            .then(e.deliveryId)
            .else(eb.ref('calendar_reminded.last_delivery_id'))
            .end(),
        })),
      )
      .execute();
  }

  async ofCalendar(
    scope: Scope,
    calendarId: string,
  ): Promise<Map<string, { lastRemindedAt: string; remindedCount: number }>> {
    const rows = await q(scope)
      .selectFrom('calendar_reminded')
      .select(['instance_key', 'last_reminded_at', 'reminded_count'])
      .where('calendar_id', '=', calendarId)
      .execute();
    return new Map(
      rows.map((r) => [
        r.instance_key,
        { lastRemindedAt: r.last_reminded_at, remindedCount: Number(r.reminded_count) },
      ]),
    );
  }

  async latest(scope: Scope, calendarIds: readonly string[]): Promise<Map<string, string>> {
    if (calendarIds.length === 0) {
      return new Map();
    }
    const rows = await q(scope)
      .selectFrom('calendar_reminded')
      .select((eb) => ['calendar_id', eb.fn.max('last_reminded_at').as('latest')])
      .where('calendar_id', 'in', [...calendarIds])
      .groupBy('calendar_id')
      .execute();
    return new Map(rows.map((r) => [r.calendar_id, String(r.latest)]));
  }
}
