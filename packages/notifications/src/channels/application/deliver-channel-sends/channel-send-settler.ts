import { type Clock, CORE_TOKENS, type Logger, toIsoUtc } from '@tickler/core';
import { inject, injectable } from 'inversify';
import { NOTIFICATIONS_TOKENS } from '../../../shared/notifications.tokens';
import { type ResolvedNotificationsOptions } from '../../../shared/application/notifications.options';
import { type ChannelSendRepository } from '../ports/channel-send.repository';
import { type ChannelSendOutcome } from '../ports/delivery-channel.port';
import { type NotificationDeliveryRepository } from '../../../delivery/application/ports/notification-delivery.repository';
import { type SubscriptionRepository } from '../ports/subscription.repository';
import { type TransactionRunner } from '../../../shared/application/ports/transaction-runner.port';
import { type DeliveryWakeUp } from '../../../shared/application/ports/wake-up.port';
import { type ClaimedSend } from './claimed-send';
import { settleParentOf } from './settle-parent';
import { FallbackSends } from '../fallback-sends';

/**
 * Settles one attempt of a claimed channel send in its own small transaction, fenced by the
 * claim's token: the send's new state (sent, retry after backoff, failed), the subscription's
 * failures in a row (pausing it at the threshold) or its deactivation, the notification's
 * status, the events, and the wake-up for a retry. A claim taken over meanwhile changes nothing.
 */
@injectable()
export class ChannelSendSettler {
  constructor(
    @inject(CORE_TOKENS.UnitOfWork) private readonly uow: TransactionRunner,
    @inject(CORE_TOKENS.Clock) private readonly clock: Clock,
    @inject(CORE_TOKENS.Logger) private readonly logger: Logger,
    @inject(NOTIFICATIONS_TOKENS.DeliveryRepository)
    private readonly deliveries: NotificationDeliveryRepository,
    @inject(NOTIFICATIONS_TOKENS.ChannelSendRepository)
    private readonly sends: ChannelSendRepository,
    @inject(NOTIFICATIONS_TOKENS.SubscriptionRepository)
    private readonly subscriptions: SubscriptionRepository,
    @inject(NOTIFICATIONS_TOKENS.SendsWakeUp) private readonly wakeUp: DeliveryWakeUp,
    @inject(NOTIFICATIONS_TOKENS.Options) private readonly options: ResolvedNotificationsOptions,
    @inject(FallbackSends) private readonly fallback: FallbackSends,
  ) {}

  /** Writes `outcome` of `claim`'s attempt; `wakeNow` asks the send loop to look again at once. */
  async settle(claim: ClaimedSend, outcome: ChannelSendOutcome, wakeNow: boolean): Promise<void> {
    const { send, channel, subscription } = claim;
    if (!outcome.ok) {
      this.logger.warn(
        {
          sendId: send.id,
          channel: channel.kind,
          error: outcome.errorClass,
          detail: outcome.detail,
        },
        'channel send attempt failed',
      );
    }
    await this.uow.run(async (tx) => {
      const now = toIsoUtc(this.clock.now());
      if (outcome.ok) {
        send.succeed(now);
      } else {
        send.attemptFailed(now, outcome, channel.retry);
      }
      if (!(await this.sends.save(tx, send, { status: 'sending', leaseToken: claim.token }))) {
        // Our lease ended and another claim took the send over: its outcome is theirs to record.
        send.pullEvents();
        this.logger.warn({ sendId: send.id }, 'channel send claim lost before settling');
        return;
      }
      tx.recordEvents(send.pullEvents());
      if (!outcome.ok && outcome.deactivateSubscription !== undefined) {
        await this.subscriptions.deactivate(
          tx,
          subscription.id,
          outcome.deactivateSubscription,
          now,
        );
      } else {
        const failures = subscription.consecutiveFailures;
        const paused = await this.subscriptions.recordAttempt(tx, subscription.id, {
          ok: outcome.ok,
          pauseAfter: this.options.pauseAfterFailures,
          reason: outcome.ok
            ? ''
            : `paused after ${this.options.pauseAfterFailures} failed attempts in a row (last: ${outcome.errorClass})`,
          now,
        });
        if (paused) {
          this.logger.warn(
            { subscriptionId: subscription.id, failures: failures + 1 },
            'subscription paused: its sends keep failing',
          );
        }
      }
      // The fallback first: a reminder falling back is still under way, not failed.
      await this.fallback.afterSettled(tx, send, now);
      await settleParentOf(tx, send, now, this.deliveries, this.sends);
      const retryAt = send.snapshot().dueAt;
      if (send.status === 'pending' && retryAt !== null) {
        await this.wakeUp.wakeAt(tx, retryAt);
      }
      if (wakeNow) {
        await this.wakeUp.wakeAt(tx, now);
      }
    });
  }
}
