import { type NotificationDelivery } from '../../domain/notification-delivery.entity';
import { type DuePolicy } from '../../domain/delivery-policy';
import { type RetryPolicy } from '../../domain/webhook-retry-policy';
import { inboxItemOf } from '../notification-view.mapper';
import { type DeliverDueResult } from '../notification.view';
import { type InboxItem } from '../ports/inbox.repository';
import { type PendingSettlement } from '../ports/notification-delivery.repository';
import { type WebhookSubscription } from '../ports/subscription.repository';

/** A webhook delivery leased to this run: its request goes out after the batch commits. */
export interface WebhookClaim {
  readonly delivery: NotificationDelivery;
  readonly subscription: WebhookSubscription;
}

/** What one due batch decided: the guarded writes, the inbox rows, the webhook claims to send after commit, and the counts. */
export interface DueBatchPlan {
  readonly settlements: PendingSettlement[];
  readonly inboxItems: InboxItem[];
  readonly claims: WebhookClaim[];
  readonly counts: DeliverDueResult;
  /** Due webhook rows left for the next batch (this batch's claim budget was spent). */
  deferred: number;
}

/** What deciding one due batch needs besides the rows: the instant, the policies, the claim lease and the recipients' webhooks. */
export interface DueBatchContext {
  /** ISO UTC. */
  readonly now: string;
  readonly due: DuePolicy;
  readonly retry: RetryPolicy;
  /** Lease of this batch's webhook claims (ISO UTC) and its fencing token. */
  readonly leaseUntil: string;
  readonly token: string;
  /** The instance making this batch's claims (`claimed_by`). */
  readonly instance: string;
  readonly webhookBudget: number;
  readonly webhooks: ReadonlyMap<string, WebhookSubscription>;
}

/**
 * Decides, in the aggregate, what happens to each loaded due delivery, and collects the writes
 * for the batch's set-based persistence. No I/O here.
 */
export function planDueBatch(
  loaded: readonly NotificationDelivery[],
  ctx: DueBatchContext,
): DueBatchPlan {
  const plan: DueBatchPlan = {
    settlements: [],
    inboxItems: [],
    claims: [],
    counts: { sent: 0, missed: 0, failed: 0, retried: 0 },
    deferred: 0,
  };
  const { counts } = plan;
  for (const delivery of loaded) {
    const expected =
      delivery.status === 'sending' && delivery.leaseToken !== null
        ? { status: delivery.status, leaseToken: delivery.leaseToken }
        : { status: delivery.status };
    const decision = delivery.decideDue(ctx.now, ctx.due);
    if (decision.kind === 'skip') {
      delivery.markMissed(ctx.now, decision.reason);
    } else if (delivery.channel === 'inbox') {
      delivery.markSent(ctx.now, delivery.id);
      plan.inboxItems.push(inboxItemOf(delivery));
    } else {
      const subscription = ctx.webhooks.get(delivery.recipientId);
      if (!subscription) {
        delivery.markFailed(ctx.now, `no webhook registered for recipient ${delivery.recipientId}`);
      } else if (plan.claims.length >= ctx.webhookBudget) {
        plan.deferred++;
        continue;
      } else {
        if (delivery.status === 'sending') {
          delivery.recoverAbandonedClaim(
            ctx.now,
            ctx.leaseUntil,
            ctx.token,
            ctx.retry,
            ctx.instance,
          );
        } else {
          delivery.claimForSending(ctx.now, ctx.leaseUntil, ctx.token, ctx.instance);
        }
        if (delivery.status === 'sending') {
          plan.claims.push({ delivery, subscription });
        }
      }
    }
    if (delivery.status === 'sent') {
      counts.sent++;
    } else if (delivery.status === 'missed') {
      counts.missed++;
    } else if (delivery.status === 'failed') {
      counts.failed++;
    }
    plan.settlements.push({ delivery, expected });
  }
  return plan;
}
