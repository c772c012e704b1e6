import { tablesOf } from '@tickler/core';
import { injectable } from 'inversify';
import { type Kysely } from 'kysely';
import { type Scope } from '../application/ports/scope';
import {
  type SubscriptionRepository,
  type WebhookSubscription,
} from '../application/ports/subscription.repository';
import { type NotificationsTables, type SubscriptionRow } from './notifications.tables';

const TABLE = 'notification_subscriptions';

function q(scope: Scope): Kysely<NotificationsTables> {
  return tablesOf<NotificationsTables>(scope.db);
}

function toSubscription(row: SubscriptionRow): WebhookSubscription {
  return {
    id: row.id,
    recipientId: row.recipient_id,
    kind: row.kind,
    url: row.url,
    secret: row.secret,
    createdAt: row.created_at,
  };
}

/** kysely adapter of webhook subscriptions. */
@injectable()
export class KyselySubscriptionRepository implements SubscriptionRepository {
  async upsertWebhook(scope: Scope, s: WebhookSubscription): Promise<void> {
    await q(scope)
      .deleteFrom(TABLE)
      .where('recipient_id', '=', s.recipientId)
      .where('kind', '=', 'webhook')
      .execute();
    await q(scope)
      .insertInto(TABLE)
      .values({
        id: s.id,
        recipient_id: s.recipientId,
        kind: 'webhook',
        url: s.url,
        secret: s.secret,
        created_at: s.createdAt,
      })
      .execute();
  }

  async list(scope: Scope, recipientId: string): Promise<WebhookSubscription[]> {
    const rows = await q(scope)
      .selectFrom(TABLE)
      .selectAll()
      .where('recipient_id', '=', recipientId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map(toSubscription);
  }

  async remove(scope: Scope, recipientId: string, id: string): Promise<boolean> {
    const result = await q(scope)
      .deleteFrom(TABLE)
      .where('id', '=', id)
      .where('recipient_id', '=', recipientId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  async webhooksFor(
    scope: Scope,
    recipientIds: readonly string[],
  ): Promise<Map<string, WebhookSubscription>> {
    const found = new Map<string, WebhookSubscription>();
    if (recipientIds.length === 0) {
      return found;
    }
    const unique = [...new Set(recipientIds)];
    for (let i = 0; i < unique.length; i += 1000) {
      const rows = await q(scope)
        .selectFrom(TABLE)
        .selectAll()
        .where('kind', '=', 'webhook')
        .where('recipient_id', 'in', unique.slice(i, i + 1000))
        .execute();
      for (const row of rows) {
        found.set(row.recipient_id, toSubscription(row));
      }
    }
    return found;
  }
}
