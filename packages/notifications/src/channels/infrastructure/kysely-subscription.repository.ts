import { tablesOf } from '@tickler/core';
import { injectable } from 'inversify';
import { type Kysely, sql } from 'kysely';
import { type Scope } from '../../shared/application/ports/scope';
import {
  type ChannelSubscription,
  type SubscriptionRepository,
} from '../application/ports/subscription.repository';
import {
  type NotificationsTables,
  type SubscriptionRow,
} from '../../shared/infrastructure/notifications.tables';

const TABLE = 'notification_subscriptions';
const IDS_PER_STATEMENT = 1000;

function q(scope: Scope): Kysely<NotificationsTables> {
  return tablesOf<NotificationsTables>(scope.db);
}

function toSubscription(row: SubscriptionRow): ChannelSubscription {
  return {
    id: row.id,
    recipientId: row.recipient_id,
    kind: row.kind,
    targetKey: row.target_key,
    target: JSON.parse(row.target) as Record<string, unknown>,
    guarantee: row.guarantee,
    isDefault: Number(row.is_default) === 1,
    active: Number(row.active) === 1,
    deactivatedAt: row.deactivated_at,
    deactivatedReason: row.deactivated_reason,
    pausedAt: row.paused_at,
    pausedReason: row.paused_reason,
    consecutiveFailures: Number(row.consecutive_failures),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toRow(s: ChannelSubscription): SubscriptionRow {
  return {
    id: s.id,
    recipient_id: s.recipientId,
    kind: s.kind,
    target_key: s.targetKey,
    target: JSON.stringify(s.target),
    guarantee: s.guarantee,
    is_default: s.isDefault ? 1 : 0,
    active: s.active ? 1 : 0,
    deactivated_at: s.deactivatedAt,
    deactivated_reason: s.deactivatedReason,
    paused_at: s.pausedAt,
    paused_reason: s.pausedReason,
    consecutive_failures: s.consecutiveFailures,
    created_at: s.createdAt,
    updated_at: s.updatedAt,
  };
}

/** kysely adapter of channel subscriptions. */
@injectable()
export class KyselySubscriptionRepository implements SubscriptionRepository {
  async findByTarget(
    scope: Scope,
    recipientId: string,
    kind: string,
    targetKey: string,
  ): Promise<ChannelSubscription | undefined> {
    const row = await q(scope)
      .selectFrom(TABLE)
      .selectAll()
      .where('recipient_id', '=', recipientId)
      .where('kind', '=', kind)
      .where('target_key', '=', targetKey)
      .executeTakeFirst();
    return row ? toSubscription(row) : undefined;
  }

  async insert(scope: Scope, s: ChannelSubscription): Promise<void> {
    await q(scope).insertInto(TABLE).values(toRow(s)).execute();
  }

  async update(scope: Scope, s: ChannelSubscription): Promise<void> {
    const { id, recipient_id: _r, created_at: _c, ...changes } = toRow(s);
    await q(scope).updateTable(TABLE).set(changes).where('id', '=', id).execute();
  }

  async list(scope: Scope, recipientId: string): Promise<ChannelSubscription[]> {
    const rows = await q(scope)
      .selectFrom(TABLE)
      .selectAll()
      .where('recipient_id', '=', recipientId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map(toSubscription);
  }

  async find(
    scope: Scope,
    recipientId: string,
    id: string,
  ): Promise<ChannelSubscription | undefined> {
    const row = await q(scope)
      .selectFrom(TABLE)
      .selectAll()
      .where('id', '=', id)
      .where('recipient_id', '=', recipientId)
      .executeTakeFirst();
    return row ? toSubscription(row) : undefined;
  }

  async remove(scope: Scope, recipientId: string, id: string): Promise<boolean> {
    const result = await q(scope)
      .deleteFrom(TABLE)
      .where('id', '=', id)
      .where('recipient_id', '=', recipientId)
      .executeTakeFirst();
    const removed = Number(result.numDeletedRows) === 1;
    if (removed) {
      // The operator's pause goes with it: else its waiting sends would never be claimed, and so
      // never settled as `gone` like any other send of a removed subscription.
      await q(scope)
        .deleteFrom('notification_subscription_pauses')
        .where('subscription_id', '=', id)
        .execute();
    }
    return removed;
  }

  async activeFor(scope: Scope, recipientIds: readonly string[]): Promise<ChannelSubscription[]> {
    const unique = [...new Set(recipientIds)];
    const out: ChannelSubscription[] = [];
    for (let i = 0; i < unique.length; i += IDS_PER_STATEMENT) {
      const rows = await q(scope)
        .selectFrom(TABLE)
        .selectAll()
        .where('recipient_id', 'in', unique.slice(i, i + IDS_PER_STATEMENT))
        .where('active', '=', 1)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      out.push(...rows.map(toSubscription));
    }
    return out;
  }

  async findByIds(scope: Scope, ids: readonly string[]): Promise<Map<string, ChannelSubscription>> {
    const found = new Map<string, ChannelSubscription>();
    const unique = [...new Set(ids)];
    for (let i = 0; i < unique.length; i += IDS_PER_STATEMENT) {
      const rows = await q(scope)
        .selectFrom(TABLE)
        .selectAll()
        .where('id', 'in', unique.slice(i, i + IDS_PER_STATEMENT))
        .execute();
      for (const row of rows) {
        found.set(row.id, toSubscription(row));
      }
    }
    return found;
  }

  async recordAttempt(
    scope: Scope,
    id: string,
    outcome: { ok: boolean; pauseAfter: number; reason: string; now: string },
  ): Promise<boolean> {
    if (outcome.ok) {
      await q(scope)
        .updateTable(TABLE)
        .set({ consecutive_failures: 0 })
        .where('id', '=', id)
        .where('consecutive_failures', '>', 0)
        .execute();
      return false;
    }
    // One statement: concurrent failures (PostgreSQL) each add one; only the one that reaches
    // the threshold while the row is not paused yet pauses it (and says so).
    const row = await q(scope)
      .updateTable(TABLE)
      .set({ consecutive_failures: sql`consecutive_failures + 1` })
      .where('id', '=', id)
      .returning(['consecutive_failures', 'paused_at'])
      .executeTakeFirst();
    if (!row || row.paused_at !== null || Number(row.consecutive_failures) < outcome.pauseAfter) {
      return false;
    }
    const paused = await q(scope)
      .updateTable(TABLE)
      .set({ paused_at: outcome.now, paused_reason: outcome.reason, updated_at: outcome.now })
      .where('id', '=', id)
      .where('paused_at', 'is', null)
      .executeTakeFirst();
    return Number(paused.numUpdatedRows) === 1;
  }

  async deactivate(scope: Scope, id: string, reason: string, now: string): Promise<void> {
    await q(scope)
      .updateTable(TABLE)
      .set({ active: 0, deactivated_at: now, deactivated_reason: reason, updated_at: now })
      .where('id', '=', id)
      .where('active', '=', 1)
      .execute();
  }
}
