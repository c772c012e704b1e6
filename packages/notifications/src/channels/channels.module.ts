import { type ContextModule } from '../shared/context-module';
import { NOTIFICATIONS_TOKENS } from '../shared/notifications.tokens';
import { ChannelRegistry } from './application/channel-registry';
import { ChannelSendPool } from './application/deliver-channel-sends/channel-send-pool';
import { ChannelSendSettler } from './application/deliver-channel-sends/channel-send-settler';
import { DeliverChannelSendsHandler } from './application/deliver-channel-sends/deliver-channel-sends.handler';
import { SendThrottle } from './application/deliver-channel-sends/send-throttle';
import { SendLoopKick } from './application/deliver-channel-sends/send-loop-kick';
import { CancelReadEscalations } from './application/cancel-read-escalations';
import { DeliveryFiring } from './application/fire-deliveries';
import { FallbackSends } from './application/fallback-sends';
import { GetVapidPublicKeyHandler } from './application/get-vapid-public-key/get-vapid-public-key.handler';
import { ListSubscriptionsHandler } from './application/list-subscriptions/list-subscriptions.handler';
import { type ExternalChannel } from './application/ports/delivery-channel.port';
import { RegisterSubscriptionHandler } from './application/register-subscription/register-subscription.handler';
import { FollowActionLinkHandler } from './application/follow-action-link/follow-action-link.handler';
import { VapidDerivedActionKey } from './infrastructure/push/vapid-derived-action-key';
import { ConfirmSubscriptionHandler } from './application/confirm-subscription/confirm-subscription.handler';
import { RemoveSubscriptionHandler } from './application/remove-subscription/remove-subscription.handler';
import { ResumeSubscriptionHandler } from './application/resume-subscription/resume-subscription.handler';
import { GetQueueInstantsHandler } from './application/operator/get-queue-instants.handler';
import { ListOperatorSendsHandler } from './application/operator/list-operator-sends.handler';
import { RetryChannelSendHandler } from './application/operator/retry-channel-send.handler';
import { KyselyChannelPauses } from './infrastructure/kysely-channel-pauses';
import {
  ListChannelStatesHandler,
  PauseChannelHandler,
  ResumeChannelHandler,
} from './application/operator/channel-pause.handlers';
import { RetryAllChannelSendsHandler } from './application/operator/retry-all-channel-sends.handler';
import {
  ListPausedSubscriptionsHandler,
  PauseSubscriptionSendsHandler,
  ResumeSubscriptionSendsHandler,
} from './application/operator/subscription-pause.handlers';
import { ChannelSendClaims } from './infrastructure/channel-send-claims';
import { type EmailOptions } from './infrastructure/email/email.options';
import { bindEmailChannel } from './infrastructure/email/email.registration';
import { SmtpEmailChannel } from './infrastructure/email/smtp-email-channel';
import { InboxChannel } from './infrastructure/inbox/inbox.channel';
import { KyselyChannelSendRepository } from './infrastructure/kysely-channel-send.repository';
import { KyselyRecentSends } from './infrastructure/kysely-recent-sends';
import { KyselySubscriptionRepository } from './infrastructure/kysely-subscription.repository';
import { GuardedHttpPost } from './infrastructure/outbound/guarded-http-post';
import { TargetGuard } from './infrastructure/outbound/target-guard';
import { type PushOptions } from './infrastructure/push/push.options';
import { bindPushChannel } from './infrastructure/push/push.registration';
import { WebPushChannel } from './infrastructure/push/web-push-channel';
import { NtfyChannel } from './infrastructure/ntfy/ntfy.channel';
import { QueueChannelSendsWakeUp } from './infrastructure/queue-channel-sends-wake-up';
import { WebhookChannel } from './infrastructure/webhook/webhook.channel';

/**
 * The external channels of the context: ONE registration per channel (its adapter class, one
 * folder each under `channels/infrastructure/<kind>/`), its kind named in `CHANNEL_KINDS`. The
 * inbox, the in-transaction channel, is bound below. Adding a channel: docs/channels.md.
 */
export const EXTERNAL_CHANNELS: readonly (new (...args: never[]) => ExternalChannel)[] = [
  WebhookChannel,
  WebPushChannel,
  SmtpEmailChannel,
  NtfyChannel,
];

/** The channels' options: the adapters' settings and replacements. */
export interface ChannelsOptions {
  /**
   * Replaces registered external channels by kind (a test's stand-in adapter, an embedding's
   * own transport): same kind, another implementation.
   */
  channels?: readonly ExternalChannel[];
  /** The web push channel: VAPID key file and subject, TTL, urgency, timeouts, retries. */
  push?: PushOptions;
  /** The email channel: SMTP URL and From (unset: no email), timeouts, retries. */
  email?: EmailOptions;
}

/**
 * Channels: subscriptions, channel sends and the send loop, the adapters (inbox, webhook, web
 * push, email, ntfy) and the outgoing-address rule. Implements delivery's `DeliveryOutlets` port
 * (`DeliveryFiring`) and its `SendOutcomes` (the channel-send repository).
 */
export function channelsModule(options: ChannelsOptions = {}): ContextModule {
  return {
    bind(bind) {
      bind(NOTIFICATIONS_TOKENS.SubscriptionRepository)
        .to(KyselySubscriptionRepository)
        .inSingletonScope();
      bind(NOTIFICATIONS_TOKENS.ChannelSendRepository)
        .to(KyselyChannelSendRepository)
        .inSingletonScope();
      bind(NOTIFICATIONS_TOKENS.ChannelPauses).to(KyselyChannelPauses).inSingletonScope();
      bind(NOTIFICATIONS_TOKENS.RecentSends).to(KyselyRecentSends).inSingletonScope();
      bind(SendThrottle).toSelf().inSingletonScope();
      bind(NOTIFICATIONS_TOKENS.SendsWakeUp).to(QueueChannelSendsWakeUp).inSingletonScope();
      bind(TargetGuard).toSelf().inSingletonScope();
      bind(GuardedHttpPost).toSelf().inSingletonScope();
      // What the push and email adapters need besides their registration below.
      bindPushChannel({ bind }, options.push);
      bind(NOTIFICATIONS_TOKENS.ActionLinkKey).to(VapidDerivedActionKey).inSingletonScope();
      bindEmailChannel({ bind }, options.email);
      bind(NOTIFICATIONS_TOKENS.InTransactionChannel).to(InboxChannel).inSingletonScope();
      const replaced = new Map((options.channels ?? []).map((c) => [c.kind, c]));
      for (const channel of EXTERNAL_CHANNELS) {
        bind(NOTIFICATIONS_TOKENS.ExternalChannel).to(channel).inSingletonScope();
      }
      bind(NOTIFICATIONS_TOKENS.Channels)
        .toDynamicValue((ctx) => {
          const registered = ctx.getAll<ExternalChannel>(NOTIFICATIONS_TOKENS.ExternalChannel);
          return new ChannelRegistry(
            ctx.get(NOTIFICATIONS_TOKENS.InTransactionChannel),
            registered.map((c) => replaced.get(c.kind) ?? c),
          );
        })
        .inSingletonScope();
      bind(NOTIFICATIONS_TOKENS.Outlets).to(DeliveryFiring).inSingletonScope();
      bind(NOTIFICATIONS_TOKENS.ReadEscalations).to(CancelReadEscalations).inSingletonScope();
      bind(ChannelSendSettler).toSelf().inSingletonScope();
      bind(FallbackSends).toSelf().inSingletonScope();
      bind(ChannelSendPool).toSelf().inSingletonScope();
      bind(SendLoopKick).toSelf().inSingletonScope();
    },
    commands: [
      RegisterSubscriptionHandler,
      ConfirmSubscriptionHandler,
      FollowActionLinkHandler,
      ResumeSubscriptionHandler,
      ListSubscriptionsHandler,
      RemoveSubscriptionHandler,
      DeliverChannelSendsHandler,
      GetVapidPublicKeyHandler,
      ListOperatorSendsHandler,
      RetryChannelSendHandler,
      RetryAllChannelSendsHandler,
      PauseChannelHandler,
      ResumeChannelHandler,
      ListChannelStatesHandler,
      PauseSubscriptionSendsHandler,
      ResumeSubscriptionSendsHandler,
      ListPausedSubscriptionsHandler,
      GetQueueInstantsHandler,
    ],
    // Channel sends in flight are freed at once when their instance dies; at stop they are
    // waited for up to the deadline, then released.
    claims: [ChannelSendClaims],
  };
}
