import { inject, injectable } from 'inversify';
import { type ResolvedNotificationsOptions } from '../../../shared/application/notifications.options';
import { NOTIFICATIONS_TOKENS } from '../../../shared/notifications.tokens';
import {
  type ChannelSendOutcome,
  type ChannelSendRequest,
  type ExternalChannel,
  type PreparedTarget,
  type SubscriptionInput,
  type SubscriptionTarget,
} from '../../application/ports/delivery-channel.port';
import { type ActionLinkKeySource } from '../../application/ports/action-link-key.port';
import { GuardedHttpPost } from '../outbound/guarded-http-post';
import { TargetGuard } from '../outbound/target-guard';
import { ntfyActionsFor } from './ntfy-actions';
import { ntfyPublishOf } from './ntfy-message';
import { ntfyTargetFrom, ntfyTargetOf } from './ntfy-target';

/** This channel's kind. */
export const NTFY = 'ntfy';

/**
 * The ntfy channel (phones through ntfy's Android and iOS apps, self-hosted or ntfy.sh): one
 * JSON POST to the server's root, ntfy's documented publish API (`{topic, title, message,
 * priority, tags, click, actions}`), `Authorization: Bearer <token>` when the subscription has
 * one; with a public URL, Snooze 10 min and Done buttons calling the daemon back. The
 * outgoing-address rule applies at registration and at every connection; the webhook's retry
 * policy and timeout apply; 2xx = sent.
 */
@injectable()
export class NtfyChannel implements ExternalChannel {
  readonly kind = NTFY;
  /** A phone buzzes: a duplicate alert is the more visible failure (seed 004). */
  readonly defaultGuarantee = 'at-most-once' as const;
  readonly retry: ExternalChannel['retry'];
  readonly timeoutMs: number;
  private readonly publicUrl: string | null;

  constructor(
    @inject(NOTIFICATIONS_TOKENS.Options) options: ResolvedNotificationsOptions,
    @inject(NOTIFICATIONS_TOKENS.ActionLinkKey) private readonly actionKey: ActionLinkKeySource,
    @inject(TargetGuard) private readonly guard: TargetGuard,
    @inject(GuardedHttpPost) private readonly http: GuardedHttpPost,
  ) {
    this.retry = options.webhookRetry;
    this.timeoutMs = options.webhookTimeoutMs;
    this.publicUrl = options.publicUrl;
  }

  endpointOf(target: SubscriptionTarget): string {
    return new URL(ntfyTargetOf(target).server).origin;
  }

  async prepareTarget(input: SubscriptionInput): Promise<PreparedTarget> {
    const { target, url } = ntfyTargetFrom(input);
    await this.guard.checkRegistration(url, 'server');
    // One subscription per server and topic: registering it again updates its token.
    return { targetKey: `${target.server}/${target.topic}`, target: { ...target } };
  }

  publicTarget(target: SubscriptionTarget): Record<string, unknown> {
    const { server, topic, token } = ntfyTargetOf(target);
    return { server, topic, hasToken: token !== null };
  }

  /** Loads undici and makes the guarded agent (first send only). */
  prepare(): Promise<void> {
    return this.http.prepare();
  }

  async send(request: ChannelSendRequest, signal: AbortSignal): Promise<ChannelSendOutcome> {
    const target = ntfyTargetOf(request.target);
    const actions =
      this.publicUrl === null || request.message.inInbox === false
        ? []
        : ntfyActionsFor(this.publicUrl, await this.actionKey.current(), request);
    return this.http.post({
      url: new URL(`${target.server}/`),
      body: JSON.stringify(ntfyPublishOf(target.topic, request.message, actions)),
      headers: {
        'content-type': 'application/json',
        'user-agent': 'tickler-ntfy/1',
        // ntfy ignores these two; a proxy that dedupes (and the tests) read the ids from them.
        'idempotency-key': request.sendId,
        'x-tickler-notification-id': request.deliveryId,
        ...(target.token === null ? {} : { authorization: `Bearer ${target.token}` }),
      },
      signal,
    });
  }
}
