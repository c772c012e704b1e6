import { type DuePolicy } from '../../domain/delivery-policy';
import {
  type DeliveryChanges,
  NotificationDelivery,
} from '../../domain/notification-delivery.entity';
import { isSettled } from '../../domain/notification-transitions';
import { type ReconcileResult } from '../../../shared/application/notification.view';
import {
  type PendingSettlement,
  type SourcedDelivery,
} from '../ports/notification-delivery.repository';
import { type NormalisedEntry, reconcileKey } from './normalise-plan';

/** What planning a reconcile needs besides the plan and the stored rows. */
export interface ReconcileContext {
  readonly sourceApp: string;
  /** ISO UTC. */
  readonly now: string;
  /** Settled rows whose send instant is before this (ISO UTC) are pruned. */
  readonly pruneBefore: string;
  readonly due: DuePolicy;
  /** Makes the id of each new delivery. */
  readonly nextId: () => string;
  /** Canceled rows that reconcile withdrew earlier (not a person's cancel). */
  readonly withdrawn?: ReadonlySet<string>;
}

/** What reconcile will write; no I/O here. New rows are already aggregates. */
export interface ReconcilePlan {
  readonly creates: NotificationDelivery[];
  /** Drifted rows still `scheduled`, by id: the edit their aggregate will make. */
  readonly patches: Map<string, DeliveryChanges>;
  /** Future `scheduled` rows missing from the plan: their aggregate cancels (`withdrawn`). */
  readonly withdrawIds: string[];
  /** Withdrawn rows whose key is planned again: deleted, and a new row created for the key. */
  readonly replaceIds: string[];
  readonly pruneIds: string[];
  readonly counts: ReconcileResult;
}

/** The changes that make row `s` match `entry`, or undefined when nothing drifted. */
function driftOf(s: SourcedDelivery, entry: NormalisedEntry): DeliveryChanges | undefined {
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
 * | key in plan, row canceled by reconcile (withdrawn) | replace: delete it, create a new `scheduled` row (`created`) |
 * | key in plan, row in any other status | leave alone (`unchanged`): a person's cancel is never resurrected |
 * | key not in plan, row `scheduled` with a future send instant | cancel, reason `withdrawn`, marked withdrawn |
 * | key not in plan, row settled, send instant before `pruneBefore` | delete (`pruned`) |
 *
 * Rows whose key is in the plan are never pruned, so a plan can never re-create a row it has
 * just pruned.
 */
export function planReconcile(
  existing: readonly SourcedDelivery[],
  entries: readonly NormalisedEntry[],
  ctx: ReconcileContext,
): ReconcilePlan {
  const plan: ReconcilePlan = {
    creates: [],
    patches: new Map(),
    withdrawIds: [],
    replaceIds: [],
    pruneIds: [],
    counts: { created: 0, updated: 0, unchanged: 0, withdrawn: 0, pruned: 0 },
  };
  const byKey = new Map<string, SourcedDelivery>();
  for (const row of existing) {
    byKey.set(reconcileKey(row.recipientId, row.sourceKey, row.rule), row);
  }
  const { counts } = plan;
  for (const entry of entries) {
    const row = byKey.get(entry.key);
    byKey.delete(entry.key);
    if (entry.scheduledAt <= ctx.now) {
      counts.unchanged++;
      continue;
    }
    const comesBack = row !== undefined && row.status === 'canceled' && ctx.withdrawn?.has(row.id);
    if (row === undefined || comesBack === true) {
      if (row !== undefined) {
        plan.replaceIds.push(row.id);
      }
      plan.creates.push(create(entry, ctx));
      counts.created++;
      continue;
    }
    const changes = row.status === 'scheduled' ? driftOf(row, entry) : undefined;
    if (changes === undefined) {
      counts.unchanged++;
      continue;
    }
    plan.patches.set(row.id, changes);
    counts.updated++;
  }
  // What is left in byKey is every row whose key the plan no longer has.
  for (const row of byKey.values()) {
    const sendAt = row.scheduledAt ?? row.createdAt;
    if (row.status === 'scheduled' && sendAt > ctx.now) {
      plan.withdrawIds.push(row.id);
    } else if (isSettled(row.status) && sendAt < ctx.pruneBefore) {
      plan.pruneIds.push(row.id);
    }
  }
  return plan;
}

/**
 * Makes the planned edits and withdrawals in the loaded aggregates (`reschedule`, `cancel` with
 * reason `withdrawn`): the transition table and the events stay the aggregate's business.
 */
export function applyToLoaded(
  loaded: readonly NotificationDelivery[],
  plan: ReconcilePlan,
  now: string,
): { patched: PendingSettlement[]; withdrawn: PendingSettlement[] } {
  const patched: PendingSettlement[] = [];
  const withdrawn: PendingSettlement[] = [];
  for (const delivery of loaded) {
    const expected = { status: delivery.status };
    const changes = plan.patches.get(delivery.id);
    if (changes !== undefined) {
      delivery.reschedule(changes, now);
      patched.push({ delivery, expected });
    } else {
      delivery.cancel(now, 'withdrawn');
      withdrawn.push({ delivery, expected });
    }
  }
  return { patched, withdrawn };
}

function create(entry: NormalisedEntry, ctx: ReconcileContext): NotificationDelivery {
  return NotificationDelivery.create(
    {
      recipientId: entry.recipientId,
      channels: null,
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
