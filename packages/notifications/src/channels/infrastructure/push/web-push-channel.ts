import https from 'node:https';
import { type LookupFunction } from 'node:net';
import { inject, injectable, optional } from 'inversify';
import webpush from 'web-push';
import { type VapidKeySource } from '../../application/ports/vapid-keys.port';
import { NOTIFICATIONS_TOKENS } from '../../../shared/notifications.tokens';
import {
  type ChannelSendOutcome,
  type ChannelSendRequest,
  type ExternalChannel,
  type PreparedTarget,
  type SubscriptionInput,
  type SubscriptionTarget,
} from '../../application/ports/delivery-channel.port';
import { outcomeOfError, outcomeOfStatus } from './push-outcome';
import { asPushTarget, preparePushTarget } from './push-target';
import { pushPayloadOf } from './push-payload';

/** RFC 8030 §5.3 urgency of every push. */
export type PushUrgency = 'very-low' | 'low' | 'normal' | 'high';

/**
 * The outgoing-target rule (SSRF) a push endpoint obeys like a webhook URL: the context's
 * `TargetGuard` (infrastructure/outbound) satisfies it. Push endpoints come from browsers, but a
 * user token can register any URL as one.
 */
export interface PushTargetRule {
  /** Registration: refuses (an `InvalidArgumentError` naming `field`) a non-public target. */
  checkRegistration(url: URL, field: string): Promise<void>;
  /** Connect time, IP literal hosts: throws an error with code `ERR_TICKLER_REFUSED_TARGET`. */
  checkLiteralHost(url: URL): void;
  /** Connect time, names: the resolver sockets use (undefined: the plain one). */
  readonly lookup: LookupFunction | undefined;
}

/** Settings of the web push channel (defaults in `resolvePushSettings`). */
export interface WebPushChannelSettings {
  /** VAPID `sub` claim: a `mailto:` or `https:` contact for the push service's operator. */
  readonly subject: string;
  /** How long the push service keeps an undelivered message, in seconds (RFC 8030 TTL). */
  readonly ttlSeconds: number;
  readonly urgency: PushUrgency;
  /** Per-request timeout in ms (connect to answer). */
  readonly timeoutMs: number;
  readonly retry: { readonly maxAttempts: number; readonly baseMs: number; readonly maxMs: number };
  /** Connection pool; default a keep-alive agent of its own (tests pass one trusting their CA). */
  readonly agent?: https.Agent;
}

/**
 * Topic (RFC 8030 §5.4) of a send: its id without dashes (32 base64url characters), the
 * idempotency key every attempt of the send carries. A retry of a push the service still holds
 * replaces it instead of queueing a second copy.
 */
function topicOf(sendId: string): string | undefined {
  const topic = sendId.replace(/-/g, '');
  return /^[A-Za-z0-9_-]{1,32}$/.test(topic) ? topic : undefined;
}

/**
 * Web push (RFC 8030 delivery, RFC 8291 aes128gcm encryption, RFC 8292 VAPID) through the
 * `web-push` library, which encrypts and signs; the HTTPS request itself is made here so it
 * honours the caller's abort signal, a timeout, the target rule and a bounded answer.
 */
@injectable()
export class WebPushChannel implements ExternalChannel {
  readonly kind = 'push';
  /** A person's screen: a duplicate alert is the more visible failure (seed 004). */
  readonly defaultGuarantee = 'at-most-once' as const;
  readonly retry: WebPushChannelSettings['retry'];
  readonly timeoutMs: number;
  private readonly agent: https.Agent;

  constructor(
    @inject(NOTIFICATIONS_TOKENS.VapidKeys) private readonly keys: VapidKeySource,
    @inject(NOTIFICATIONS_TOKENS.PushSettings) private readonly settings: WebPushChannelSettings,
    @inject(NOTIFICATIONS_TOKENS.PushTargetRule)
    @optional()
    private readonly rule: PushTargetRule | undefined,
  ) {
    this.retry = settings.retry;
    this.timeoutMs = settings.timeoutMs;
    this.agent = settings.agent ?? new https.Agent({ keepAlive: true });
  }

  /** The push service's origin: concurrency and pausing are per push service. */
  endpointOf(target: SubscriptionTarget): string {
    return new URL(asPushTarget(target).endpoint).origin;
  }

  async prepareTarget(input: SubscriptionInput): Promise<PreparedTarget> {
    const prepared = preparePushTarget(input);
    await this.rule?.checkRegistration(
      new URL(asPushTarget(prepared.target).endpoint),
      'subscription.endpoint',
    );
    return prepared;
  }

  /** The endpoint only: the auth secret stays in the database. */
  publicTarget(target: SubscriptionTarget): Record<string, unknown> {
    return { endpoint: asPushTarget(target).endpoint };
  }

  async send(request: ChannelSendRequest, signal: AbortSignal): Promise<ChannelSendOutcome> {
    const target = asPushTarget(request.target);
    const origin = new URL(target.endpoint).origin;
    let details: webpush.RequestDetails;
    try {
      this.rule?.checkLiteralHost(new URL(target.endpoint));
    } catch (error) {
      return outcomeOfError(error, false, false, origin);
    }
    try {
      const vapid = await this.keys.current();
      const topic = topicOf(request.sendId);
      details = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: target.keys },
        JSON.stringify(pushPayloadOf(request.message)),
        {
          vapidDetails: { subject: this.settings.subject, ...vapid },
          TTL: this.settings.ttlSeconds,
          urgency: this.settings.urgency,
          contentEncoding: 'aes128gcm',
          ...(topic !== undefined ? { topic } : {}),
        },
      );
    } catch (error) {
      return {
        ok: false,
        errorClass: 'rejected',
        retryable: false,
        maybeDelivered: false,
        detail: `push to ${origin} not built: ${(error as Error).message}`.slice(0, 500),
      };
    }
    return this.post(details, origin, signal);
  }

  private post(
    details: webpush.RequestDetails,
    origin: string,
    signal: AbortSignal,
  ): Promise<ChannelSendOutcome> {
    const timeout = AbortSignal.timeout(this.settings.timeoutMs);
    const both = AbortSignal.any([signal, timeout]);
    return new Promise<ChannelSendOutcome>((resolve) => {
      let written = false;
      const fail = (error: unknown): void =>
        resolve(outcomeOfError(error, written, timeout.aborted || isTimeout(signal), origin));
      const req = https.request(
        details.endpoint,
        {
          method: 'POST',
          headers: details.headers,
          agent: this.agent,
          signal: both,
          ...(this.rule?.lookup !== undefined ? { lookup: this.rule.lookup } : {}),
        },
        (res) => {
          // The status is the answer; the body is discarded (a service that keeps sending is
          // cut off by the timeout, which still aborts the request).
          res.resume();
          resolve(outcomeOfStatus(res.statusCode ?? 0, origin));
        },
      );
      req.on('error', fail);
      req.on('finish', () => (written = true));
      req.end(details.body ?? undefined);
    });
  }
}

function isTimeout(signal: AbortSignal): boolean {
  return (
    signal.aborted && (signal.reason as { name?: unknown } | undefined)?.name === 'TimeoutError'
  );
}
