import { randomBytes } from 'node:crypto';
import { msOf, toIsoUtc } from '@tickler/core';
import { InvalidArgumentError } from '@tickler/core/domain';
import { inject, injectable } from 'inversify';
import { type ResolvedNotificationsOptions } from '../../../shared/application/notifications.options';
import {
  type ChannelSendOutcome,
  type ChannelSendRequest,
  type ExternalChannel,
  type PreparedTarget,
  type SubscriptionInput,
  type SubscriptionTarget,
} from '../../application/ports/delivery-channel.port';
import { NOTIFICATIONS_TOKENS } from '../../../shared/notifications.tokens';
import { GuardedHttpPost } from '../outbound/guarded-http-post';
import { TargetGuard } from '../outbound/target-guard';
import { SECRET_PREFIX, signStandardWebhook } from './standard-webhooks-signature';
import { webhookPayload } from './webhook-payload';
import {
  MAX_LIVE_WEBHOOK_SECRETS,
  signingSecrets,
  type WebhookTarget,
  webhookTargetOf,
} from './webhook-target';

/** This channel's kind. */
export const WEBHOOK = 'webhook';

/**
 * The webhook channel: a signed POST to the recipient's endpoint, Standard Webhooks headers
 * (`webhook-id` = the send id, also `Idempotency-Key`; `webhook-timestamp`; `webhook-signature`
 * with every secret still signing), the address rule checked at connect time (a guarded
 * `lookup`, and IP literals before connecting), redirects not followed, 2xx = sent.
 */
@injectable()
export class WebhookChannel implements ExternalChannel {
  readonly kind = WEBHOOK;
  /** A program receives it and dedupes by `webhook-id`: send again when unsure. */
  readonly defaultGuarantee = 'at-least-once' as const;
  readonly retry: ExternalChannel['retry'];
  readonly timeoutMs: number;

  constructor(
    @inject(NOTIFICATIONS_TOKENS.Options) private readonly options: ResolvedNotificationsOptions,
    @inject(TargetGuard) private readonly guard: TargetGuard,
    @inject(GuardedHttpPost) private readonly http: GuardedHttpPost,
  ) {
    this.retry = options.webhookRetry;
    this.timeoutMs = options.webhookTimeoutMs;
  }

  endpointOf(target: SubscriptionTarget): string {
    return new URL(webhookTargetOf(target).url).origin;
  }

  async prepareTarget(input: SubscriptionInput): Promise<PreparedTarget> {
    if (typeof input.url !== 'string') {
      throw new InvalidArgumentError('url', 'a webhook needs its url');
    }
    await this.guard.checkRegistration(new URL(input.url), 'url');
    const secret = `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
    const target: WebhookTarget = { url: input.url, secrets: [{ secret, until: null }] };
    // One webhook per recipient: registering again updates it (and rotates its secret).
    return { targetKey: WEBHOOK, target: { ...target }, secret };
  }

  /**
   * The new secret signs; the secrets that signed until now keep signing for the overlap — the
   * newest of them only, {@link MAX_LIVE_WEBHOOK_SECRETS} in all (issue 29: 3,000 rotations in
   * 12 s made a request carry 3,001 signatures, which the receiver refused as too large).
   */
  renewTarget(
    previous: SubscriptionTarget,
    next: SubscriptionTarget,
    now: string,
  ): SubscriptionTarget {
    const overlapUntil = toIsoUtc(msOf(now) + this.options.webhookSecretOverlapMs);
    const old = webhookTargetOf(previous)
      .secrets.filter((s) => s.until === null || s.until > now)
      .map((s) => ({ secret: s.secret, until: s.until ?? overlapUntil }));
    const fresh = webhookTargetOf(next);
    const secrets = [...fresh.secrets, ...old].slice(0, MAX_LIVE_WEBHOOK_SECRETS);
    return { url: fresh.url, secrets };
  }

  publicTarget(target: SubscriptionTarget): Record<string, unknown> {
    return { url: webhookTargetOf(target).url };
  }

  /** Loads undici and makes the guarded agent (first send only). */
  prepare(): Promise<void> {
    return this.http.prepare();
  }

  send(request: ChannelSendRequest, signal: AbortSignal): Promise<ChannelSendOutcome> {
    const target = webhookTargetOf(request.target);
    const body = JSON.stringify(webhookPayload(request));
    const timestamp = Math.floor(msOf(request.now) / 1000);
    return this.http.post({
      url: new URL(target.url),
      body,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'tickler-webhooks/2',
        'webhook-id': request.sendId,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signStandardWebhook(
          signingSecrets(target, request.now),
          request.sendId,
          timestamp,
          body,
        ),
        'idempotency-key': request.sendId,
      },
      signal,
    });
  }
}
