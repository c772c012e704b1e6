import { tablesOf } from '@tickler/core';
import { injectable } from 'inversify';
import { type Kysely } from 'kysely';
import {
  type ChannelPause,
  type ChannelPauses,
  type SubscriptionPause,
} from '../application/ports/channel-pauses.port';
import { type Scope } from '../../shared/application/ports/scope';
import { type NotificationsTables } from '../../shared/infrastructure/notifications.tables';

const TABLE = 'notification_channel_pauses';
const SUBSCRIPTIONS = 'notification_subscription_pauses';

function q(scope: Scope): Kysely<NotificationsTables> {
  return tablesOf<NotificationsTables>(scope.db);
}

/** Inserted rows as a yes/no: pausing twice inserts nothing and keeps the first instant. */
function inserted(result: { numInsertedOrUpdatedRows?: bigint }): boolean {
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** kysely adapter of `ChannelPauses` (SQLite and PostgreSQL). */
@injectable()
export class KyselyChannelPauses implements ChannelPauses {
  async list(scope: Scope): Promise<ChannelPause[]> {
    const rows = await q(scope).selectFrom(TABLE).selectAll().orderBy('channel').execute();
    return rows.map((r) => ({ channel: r.channel, pausedAt: r.paused_at }));
  }

  async pause(scope: Scope, channel: string, at: string): Promise<boolean> {
    // Pausing twice keeps the first instant: two operators (or a double click) agree on it.
    const result = await q(scope)
      .insertInto(TABLE)
      .values({ channel, paused_at: at })
      .onConflict((oc) => oc.column('channel').doNothing())
      .executeTakeFirst();
    return inserted(result);
  }

  async resume(scope: Scope, channel: string): Promise<boolean> {
    const result = await q(scope)
      .deleteFrom(TABLE)
      .where('channel', '=', channel)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  async listSubscriptions(scope: Scope): Promise<SubscriptionPause[]> {
    // Joined with the subscriptions: a removed subscription has no sends left to hold.
    const rows = await q(scope)
      .selectFrom(SUBSCRIPTIONS)
      .innerJoin('notification_subscriptions as s', 's.id', `${SUBSCRIPTIONS}.subscription_id`)
      .select([`${SUBSCRIPTIONS}.subscription_id`, `${SUBSCRIPTIONS}.paused_at`])
      .orderBy(`${SUBSCRIPTIONS}.paused_at`)
      .orderBy(`${SUBSCRIPTIONS}.subscription_id`)
      .execute();
    return rows.map((r) => ({ subscriptionId: r.subscription_id, pausedAt: r.paused_at }));
  }

  async pauseSubscription(scope: Scope, subscriptionId: string, at: string): Promise<boolean> {
    const result = await q(scope)
      .insertInto(SUBSCRIPTIONS)
      .values({ subscription_id: subscriptionId, paused_at: at })
      .onConflict((oc) => oc.column('subscription_id').doNothing())
      .executeTakeFirst();
    return inserted(result);
  }

  async resumeSubscription(scope: Scope, subscriptionId: string): Promise<boolean> {
    const result = await q(scope)
      .deleteFrom(SUBSCRIPTIONS)
      .where('subscription_id', '=', subscriptionId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }
}
