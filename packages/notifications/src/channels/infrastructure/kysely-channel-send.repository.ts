import { sqlDialectOf, tablesOf } from '@tickler/core';
import { injectable } from 'inversify';
import { type Kysely, sql } from 'kysely';
import {
  type ChannelSendRepository,
  type ExpectedSendState,
  type OperatorSendFilter,
} from '../application/ports/channel-send.repository';
import { type Scope } from '../../shared/application/ports/scope';
import { ChannelSend } from '../domain/channel-send.entity';
import { type ChannelSendState } from '../../shared/domain/channel-send.state';
import { NOT_PAUSED } from '../../shared/infrastructure/not-paused.sql';
import {
  type ChannelSendRow,
  type NotificationsTables,
} from '../../shared/infrastructure/notifications.tables';

const TABLE = 'notification_channel_sends';
/** Literal so SQLite uses the partial index (it cannot prove a bound predicate implies it). */
const LIVE = sql<boolean>`status in ('pending', 'sending')`;
/** Rows per multi-row INSERT: 16 columns each, well under every driver's parameter limit. */
const ROWS_PER_INSERT = 500;
/**
 * A failed send the operator already retried (a later send of the same notification to the
 * same subscription exists) is left out of the list: the later one tells its story.
 */
const NOT_SUPERSEDED = sql<boolean>`not exists (select 1 from notification_channel_sends later
  where later.delivery_id = notification_channel_sends.delivery_id
    and later.subscription_id = notification_channel_sends.subscription_id
    and (later.created_at > notification_channel_sends.created_at
      or (later.created_at = notification_channel_sends.created_at
        and later.id > notification_channel_sends.id)))`;
/** Ids per `IN (...)` list. */
const IDS_PER_STATEMENT = 1000;

function q(scope: Scope): Kysely<NotificationsTables> {
  return tablesOf<NotificationsTables>(scope.db);
}

/** Row → state. */
function stateOf(row: ChannelSendRow): ChannelSendState {
  return {
    id: row.id,
    deliveryId: row.delivery_id,
    recipientId: row.recipient_id,
    channel: row.channel,
    subscriptionId: row.subscription_id,
    endpoint: row.endpoint,
    status: row.status,
    attempts: Number(row.attempts),
    recoveries: Number(row.recoveries),
    lastError: row.last_error,
    dueAt: row.due_at,
    leaseToken: row.lease_token,
    claimedBy: row.claimed_by,
    guarantee: row.guarantee,
    sentAt: row.sent_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    escalation: Number(row.escalation) === 1,
    fallback: Number(row.fallback) === 1,
    escalateAfterMs: row.escalate_after_ms === null ? null : Number(row.escalate_after_ms),
  };
}

/** State → row. */
function rowOf(s: ChannelSendState): ChannelSendRow {
  return {
    id: s.id,
    delivery_id: s.deliveryId,
    recipient_id: s.recipientId,
    channel: s.channel,
    subscription_id: s.subscriptionId,
    endpoint: s.endpoint,
    status: s.status,
    attempts: s.attempts,
    recoveries: s.recoveries,
    last_error: s.lastError,
    due_at: s.dueAt,
    lease_token: s.leaseToken,
    claimed_by: s.claimedBy,
    guarantee: s.guarantee,
    sent_at: s.sentAt,
    created_at: s.createdAt,
    updated_at: s.updatedAt,
    escalation: s.escalation ? 1 : 0,
    fallback: s.fallback ? 1 : 0,
    escalate_after_ms: s.escalateAfterMs,
  };
}

/** kysely adapter of the channel-send repository (SQLite and PostgreSQL). */
@injectable()
export class KyselyChannelSendRepository implements ChannelSendRepository {
  async insertMany(scope: Scope, sends: readonly ChannelSend[]): Promise<void> {
    for (let i = 0; i < sends.length; i += ROWS_PER_INSERT) {
      const rows = sends.slice(i, i + ROWS_PER_INSERT).map((s) => rowOf(s.snapshot()));
      await q(scope).insertInto(TABLE).values(rows).execute();
    }
  }

  async findDue(
    scope: Scope,
    now: string,
    limit: number,
    busy: readonly string[],
  ): Promise<ChannelSend[]> {
    let query = q(scope)
      .selectFrom(TABLE)
      .selectAll()
      .where(LIVE)
      .where(NOT_PAUSED)
      .where('due_at', '<=', now);
    if (busy.length > 0) {
      query = query.where('endpoint', 'not in', [...busy]);
    }
    // Among sends due at the same instant, a claim whose holder died or hung (`sending`, its
    // lease over) goes first: it was taken before any of them, and its request may be out.
    const ordered = query.orderBy('due_at').orderBy('status', 'desc').limit(limit);
    const locked = sqlDialectOf(scope.db).claimRows(ordered);
    return (await locked.execute()).map((row) => ChannelSend.rehydrate(stateOf(row)));
  }

  async save(scope: Scope, send: ChannelSend, expected: ExpectedSendState): Promise<boolean> {
    const { id, created_at: _created, ...changes } = rowOf(send.snapshot());
    let update = q(scope)
      .updateTable(TABLE)
      .set(changes)
      .where('id', '=', id)
      .where('status', '=', expected.status);
    update =
      expected.leaseToken === null
        ? update.where('lease_token', 'is', null)
        : update.where('lease_token', '=', expected.leaseToken);
    const result = await update.executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async forDeliveries(scope: Scope, deliveryIds: readonly string[]): Promise<ChannelSendState[]> {
    const out: ChannelSendState[] = [];
    for (let i = 0; i < deliveryIds.length; i += IDS_PER_STATEMENT) {
      const rows = await q(scope)
        .selectFrom(TABLE)
        .selectAll()
        .where('delivery_id', 'in', deliveryIds.slice(i, i + IDS_PER_STATEMENT))
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      out.push(...rows.map(stateOf));
    }
    return out;
  }

  async countNotFailed(scope: Scope, deliveryId: string): Promise<number> {
    const row = await q(scope)
      .selectFrom(TABLE)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('delivery_id', '=', deliveryId)
      .where('status', '!=', 'failed')
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async nextDueAt(scope: Scope): Promise<string | undefined> {
    const row = await q(scope)
      .selectFrom(TABLE)
      .select('due_at')
      .where(LIVE)
      // A paused kind's due send would hold the wake-up in the past and hide later sends.
      .where(NOT_PAUSED)
      .orderBy('due_at')
      .limit(1)
      .executeTakeFirst();
    return row?.due_at ?? undefined;
  }

  async find(scope: Scope, id: string): Promise<ChannelSendState | undefined> {
    const row = await q(scope)
      .selectFrom(TABLE)
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? stateOf(row) : undefined;
  }

  async superseded(scope: Scope, send: ChannelSendState): Promise<boolean> {
    const row = await q(scope)
      .selectFrom(TABLE)
      .select('id')
      .where('delivery_id', '=', send.deliveryId)
      .where('subscription_id', '=', send.subscriptionId)
      .where((eb) =>
        eb.or([
          eb('created_at', '>', send.createdAt),
          eb.and([eb('created_at', '=', send.createdAt), eb('id', '>', send.id)]),
        ]),
      )
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  async lockRetries(scope: Scope): Promise<void> {
    await sqlDialectOf(scope.db).lockForTransaction(scope.db, '.notifications-send-retry');
  }

  async forOperator(scope: Scope, filter: OperatorSendFilter): Promise<ChannelSendState[]> {
    let query = q(scope).selectFrom(TABLE).selectAll();
    query =
      filter.status === 'failed'
        ? query.where('status', '=', 'failed').where(NOT_SUPERSEDED)
        : // Stuck: retrying after a failed attempt (throttled is waiting by design, not stuck),
          // or claimed and its lease over (the holder died or hung).
          query
            .where(LIVE)
            .where((eb) =>
              eb.or([
                eb.and([
                  eb('status', '=', 'pending'),
                  eb('last_error', 'is not', null),
                  eb('last_error', '!=', 'throttled'),
                ]),
                eb.and([eb('status', '=', 'sending'), eb('due_at', '<', filter.now)]),
              ]),
            );
    if (filter.channel !== undefined) {
      query = query.where('channel', '=', filter.channel);
    }
    if (filter.retryable === true) {
      query = query.where('subscription_id', 'is not', null);
    }
    const rows = await query
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .limit(filter.limit)
      .execute();
    return rows.map(stateOf);
  }
}
