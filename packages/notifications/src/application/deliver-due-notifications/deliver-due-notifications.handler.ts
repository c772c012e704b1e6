import {
  type Clock,
  type CommandHandler,
  CORE_TOKENS,
  type IdGenerator,
  type Logger,
  toIsoUtc,
  type Transaction,
} from '@tickler/core';
import { inject, injectable } from 'inversify';
import { NotificationConcurrentUpdateError } from '../../domain/notification.errors';
import { NOTIFICATIONS_TOKENS } from '../../notifications.tokens';
import { type DeliverDueResult } from '../notification.view';
import { type ResolvedNotificationsOptions } from '../notifications.options';
import { type InboxRepository } from '../ports/inbox.repository';
import { type NotificationDeliveryRepository } from '../ports/notification-delivery.repository';
import { type SubscriptionRepository } from '../ports/subscription.repository';
import { type TransactionRunner } from '../ports/transaction-runner.port';
import { type DeliveryWakeUp } from '../ports/wake-up.port';
import { type WebhookSender } from '../ports/webhook-sender.port';
import {
  DeliverDueInTransactionError,
  DeliverDueNotifications,
} from './deliver-due-notifications.command';
import { planDueBatch, type WebhookClaim } from './settle-due-batch';
import { webhookPayload } from './webhook-payload';

function add(total: DeliverDueResult, part: DeliverDueResult): void {
  total.sent += part.sent;
  total.missed += part.missed;
  total.failed += part.failed;
  total.retried += part.retried;
}

/**
 * The dispatcher. Each batch is ONE transaction: load up to `batchSize` due rows through the
 * partial index, let each aggregate decide, then persist in bulk (one multi-row inbox INSERT,
 * a few grouped status-guarded UPDATEs) and record the events. Webhook requests run after the
 * batch commits, outside any transaction, and settle in a second one fenced by the claim
 * token. A run is bounded; it always ends by moving the wake-up to the next due instant (in the
 * last batch's transaction when that batch found nothing due).
 */
@injectable()
export class DeliverDueNotificationsHandler implements CommandHandler<DeliverDueNotifications> {
  static readonly handles = DeliverDueNotifications;

  constructor(
    @inject(CORE_TOKENS.UnitOfWork) private readonly uow: TransactionRunner,
    @inject(CORE_TOKENS.Clock) private readonly clock: Clock,
    @inject(CORE_TOKENS.IdGenerator) private readonly ids: IdGenerator,
    @inject(CORE_TOKENS.Logger) private readonly logger: Logger,
    @inject(NOTIFICATIONS_TOKENS.DeliveryRepository)
    private readonly deliveries: NotificationDeliveryRepository,
    @inject(NOTIFICATIONS_TOKENS.InboxRepository) private readonly inbox: InboxRepository,
    @inject(NOTIFICATIONS_TOKENS.SubscriptionRepository)
    private readonly subscriptions: SubscriptionRepository,
    @inject(NOTIFICATIONS_TOKENS.WakeUp) private readonly wakeUp: DeliveryWakeUp,
    @inject(NOTIFICATIONS_TOKENS.WebhookSender) private readonly sender: WebhookSender,
    @inject(NOTIFICATIONS_TOKENS.Options) private readonly options: ResolvedNotificationsOptions,
    /** This instance: its webhook claims carry it, so they are freed at once if it dies. */
    @inject(CORE_TOKENS.InstanceId) private readonly instanceId: string,
  ) {}

  async execute(command: DeliverDueNotifications): Promise<DeliverDueResult> {
    if (this.uow.active() !== undefined) {
      // It commits batch by batch and makes webhook requests between them: joined to a
      // caller's transaction it could do neither (the safety net is CheckDueNotifications).
      throw new DeliverDueInTransactionError();
    }
    const total: DeliverDueResult = { sent: 0, missed: 0, failed: 0, retried: 0 };
    let more = false;
    let rearmed = false;
    for (let batch = 0; batch < this.options.maxBatchesPerRun; batch++) {
      const outcome = await this.runBatch(command.id);
      add(total, outcome.counts);
      more = outcome.more && command.id === undefined;
      rearmed = outcome.rearmed;
      if (!more) {
        break;
      }
    }
    if (!rearmed) {
      await this.rearm(more);
    }
    return total;
  }

  private async runBatch(
    id: string | undefined,
  ): Promise<{ counts: DeliverDueResult; more: boolean; rearmed: boolean }> {
    const limit = this.options.batchSize;
    const token = this.ids.next();
    const planned = await this.uow.run(async (tx) => {
      const nowMs = this.clock.now().getTime();
      const now = toIsoUtc(nowMs);
      const loaded = await this.deliveries.findDue(tx, now, limit, id);
      const webhookRecipients = loaded
        .filter((d) => d.channel === 'webhook')
        .map((d) => d.recipientId);
      const plan = planDueBatch(loaded, {
        now,
        due: this.options.due,
        retry: this.options.retry,
        leaseUntil: toIsoUtc(nowMs + this.options.webhookLeaseMs),
        token,
        instance: this.instanceId,
        webhookBudget: this.options.webhookBatchSize,
        webhooks: await this.subscriptions.webhooksFor(tx, webhookRecipients),
      });
      await this.inbox.insertMany(tx, plan.inboxItems);
      const updated = await this.deliveries.settleMany(tx, plan.settlements);
      if (updated.size !== plan.settlements.length) {
        // Another writer settled some of these rows: roll the batch back (inbox rows included).
        throw new NotificationConcurrentUpdateError(plan.settlements.length, updated.size);
      }
      for (const { delivery } of plan.settlements) {
        tx.recordEvents(delivery.pullEvents());
      }
      const more = loaded.length === limit || plan.deferred > 0;
      // A batch that found nothing due ends the run: it re-arms the wake-up in its own
      // transaction (one commit fewer per run: the empty batch after full ones, the minutely
      // safety net, a due check). A batch that delivered something commits first and re-arms
      // after, so its events are published without waiting for the re-arm's statements
      // (measured: folding them in delayed each event by ~0.1–0.4 ms).
      const rearmed = loaded.length === 0;
      if (rearmed) {
        await this.wakeAtNextDue(tx);
      }
      return { plan, more, rearmed };
    });
    const { plan } = planned;
    if (plan.claims.length > 0) {
      add(plan.counts, await this.sendWebhooks(plan.claims, token));
    }
    return { counts: plan.counts, more: planned.more, rearmed: planned.rearmed };
  }

  /** POSTs the claimed webhooks (bounded concurrency, no transaction open), then settles them. */
  private async sendWebhooks(
    claims: readonly WebhookClaim[],
    token: string,
  ): Promise<DeliverDueResult> {
    const outcomes = new Array<Awaited<ReturnType<WebhookSender['send']>>>(claims.length);
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < claims.length) {
        const index = next++;
        const claim = claims[index] as WebhookClaim;
        outcomes[index] = await this.sender.send({
          deliveryId: claim.delivery.id,
          url: claim.subscription.url,
          secret: claim.subscription.secret,
          payload: webhookPayload(claim.delivery),
        });
      }
    };
    await Promise.all(
      Array.from({ length: Math.min(this.options.webhookConcurrency, claims.length) }, worker),
    );

    const counts: DeliverDueResult = { sent: 0, missed: 0, failed: 0, retried: 0 };
    await this.uow.run(async (tx) => {
      const now = toIsoUtc(this.clock.now());
      const settlements = claims.map((claim, index) => {
        const outcome = outcomes[index];
        if (outcome?.ok) {
          claim.delivery.markSent(now, null);
        } else {
          claim.delivery.recordFailedAttempt(
            now,
            outcome?.error ?? 'no outcome',
            this.options.retry,
          );
        }
        return {
          delivery: claim.delivery,
          expected: { status: 'sending' as const, leaseToken: token },
        };
      });
      const updated = await this.deliveries.settleMany(tx, settlements);
      for (const { delivery } of settlements) {
        const events = delivery.pullEvents();
        if (!updated.has(delivery.id)) {
          // Our lease expired and another run took the row over: its outcome is theirs to record.
          this.logger.warn(
            { deliveryId: delivery.id },
            'webhook claim lost before settling; left to the newer claim',
          );
          continue;
        }
        tx.recordEvents(events);
        if (delivery.status === 'sent') {
          counts.sent++;
        } else if (delivery.status === 'failed') {
          counts.failed++;
        } else {
          counts.retried++;
        }
      }
    });
    return counts;
  }

  /**
   * Moves the single wake-up to the next due instant (only ever earlier), or to now when this
   * run stopped at its batch bound with work left.
   */
  private async rearm(more: boolean): Promise<void> {
    await this.uow.run(async (tx) => {
      if (more) {
        await this.wakeUp.wakeAt(tx, toIsoUtc(this.clock.now()));
      } else {
        await this.wakeAtNextDue(tx);
      }
    });
  }

  private async wakeAtNextDue(tx: Transaction): Promise<void> {
    const next = await this.deliveries.nextDueAt(tx);
    if (next !== undefined) {
      await this.wakeUp.wakeAt(tx, next);
    }
  }
}
