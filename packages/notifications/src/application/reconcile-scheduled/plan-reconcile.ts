import { type DuePolicy } from '../../domain/delivery-policy';
import {
  type DeliveryChanges,
  NotificationDelivery,
} from '../../domain/notification-delivery.entity';
import { isSettled } from '../../domain/notification-status';
import { type ReconcileResult } from '../notification.view';
import { type PendingSettlement } from '../ports/notification-delivery.repository';
import { type NormalisedEntry, reconcileKey } from './normalise-plan';

export interface ReconcileContext {
  readonly sourceApp: string;
  /** ISO UTC. */
  readonly now: string;
  /** Settled rows whose send instant is before this (ISO UTC) are pruned. */
  readonly pruneBefore: string;
  readonly due: DuePolicy;
  /** Makes the id of each new delivery. */
  readonly nextId: () => string;
}

/** What reconcile will write, decided in the aggregates; no I/O here. */
export interface ReconcilePlan {
  readonly creates: NotificationDelivery[];
  /** Drifted rows, rescheduled in memory, expected still `scheduled`. */
  readonly patches: PendingSettlement[];
  /** Future rows missing from the plan, canceled in memory (reason `withdrawn`). */
  readonly withdrawals: PendingSettlement[];
  readonly pruneIds: string[];
  readonly counts: ReconcileResult;
}

function keyOf(delivery: NotificationDelivery): string {
  const { recipientId, source } = delivery.snapshot();
  return reconcileKey(recipientId, source?.key ?? '', source?.rule ?? null);
}

/** The changes that make `delivery` match `entry`, or undefined when nothing drifted. */
function driftOf(
  delivery: NotificationDelivery,
  entry: NormalisedEntry,
): DeliveryChanges | undefined {
  const s = delivery.snapshot();
  const changes: { -readonly [K in keyof DeliveryChanges]: DeliveryChanges[K] } = {};
  if (s.title !== entry.title) {
    changes.title = entry.title;
  }
  if (s.message !== entry.message) {
    changes.message = entry.message;
  }
  if (s.url !== entry.url) {
    changes.url = entry.url;
  }
  if (s.scheduledAt !== entry.scheduledAt) {
    changes.scheduledAt = entry.scheduledAt;
  }
  if (s.eventAt !== entry.eventAt) {
    changes.eventAt = entry.eventAt;
  }
  if (s.expiresAt !== entry.expiresAt) {
    changes.expiresAt = entry.expiresAt;
  }
  return Object.keys(changes).length > 0 ? changes : undefined;
}

/**
 * Compares the producer's plan with the rows it owns and decides each row's fate:
 *
 * | situation | action |
 * | --- | --- |
 * | entry's send instant not in the future | skip (`unchanged`): producers plan future keys only, and a past instant is never sent late by reconcile |
 * | key in plan, no row | create `scheduled` |
 * | key in plan, row `scheduled`, content or instants drifted | reschedule (`updated`) |
 * | key in plan, row in any other status | leave alone (`unchanged`): a canceled row is never resurrected |
 * | key not in plan, row `scheduled` with a future send instant | cancel, reason `withdrawn` (tombstone) |
 * | key not in plan, row settled, send instant before `pruneBefore` | delete (`pruned`) |
 *
 * Rows whose key is in the plan are never pruned, so a plan can never re-create a row it has
 * just pruned.
 */
export function planReconcile(
  existing: readonly NotificationDelivery[],
  entries: readonly NormalisedEntry[],
  ctx: ReconcileContext,
): ReconcilePlan {
  const plan: ReconcilePlan = {
    creates: [],
    patches: [],
    withdrawals: [],
    pruneIds: [],
    counts: { created: 0, updated: 0, unchanged: 0, withdrawn: 0, pruned: 0 },
  };
  const byKey = new Map<string, NotificationDelivery>();
  for (const delivery of existing) {
    byKey.set(keyOf(delivery), delivery);
  }
  const { counts } = plan;
  for (const entry of entries) {
    const row = byKey.get(entry.key);
    byKey.delete(entry.key);
    if (entry.scheduledAt <= ctx.now) {
      counts.unchanged++;
      continue;
    }
    if (row === undefined) {
      plan.creates.push(create(entry, ctx));
      counts.created++;
      continue;
    }
    const changes = row.status === 'scheduled' ? driftOf(row, entry) : undefined;
    if (changes === undefined) {
      counts.unchanged++;
      continue;
    }
    row.reschedule(changes, ctx.now);
    plan.patches.push({ delivery: row, expected: { status: 'scheduled' } });
    counts.updated++;
  }
  // What is left in byKey is every row whose key the plan no longer has.
  for (const row of byKey.values()) {
    const s = row.snapshot();
    const sendAt = s.scheduledAt ?? s.createdAt;
    if (row.status === 'scheduled' && sendAt > ctx.now) {
      row.cancel(ctx.now, 'withdrawn');
      plan.withdrawals.push({ delivery: row, expected: { status: 'scheduled' } });
    } else if (isSettled(row.status) && sendAt < ctx.pruneBefore) {
      plan.pruneIds.push(row.id);
    }
  }
  return plan;
}

function create(entry: NormalisedEntry, ctx: ReconcileContext): NotificationDelivery {
  return NotificationDelivery.create(
    {
      recipientId: entry.userId,
      channel: 'inbox',
      title: entry.title,
      message: entry.message,
      url: entry.url,
      scheduledAt: entry.scheduledAt,
      eventAt: entry.eventAt,
      expiresAt: entry.expiresAt,
      source: {
        app: ctx.sourceApp,
        key: entry.sourceKey,
        collection: entry.sourceCollection,
        id: entry.sourceId,
        rule: entry.rule,
      },
    },
    ctx.now,
    ctx.nextId(),
    ctx.due,
  );
}
