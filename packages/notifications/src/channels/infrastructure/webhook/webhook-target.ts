import { type SubscriptionTarget } from '../../application/ports/delivery-channel.port';

/** One signing secret: `until` null for the current one, else when it stops signing (ISO UTC). */
export interface WebhookSecret {
  readonly secret: string;
  readonly until: string | null;
}

/** What a webhook subscription stores: its endpoint and its signing secrets, newest first. */
export interface WebhookTarget {
  readonly url: string;
  readonly secrets: readonly WebhookSecret[];
}

/** Reads a stored webhook target; throws on a target of another shape (a programming error). */
export function webhookTargetOf(target: SubscriptionTarget): WebhookTarget {
  const { url, secrets } = target as Partial<WebhookTarget>;
  if (typeof url !== 'string' || !Array.isArray(secrets) || secrets.length === 0) {
    throw new TypeError('not a webhook target: { url, secrets } expected');
  }
  return { url, secrets };
}

/**
 * Live signing secrets a webhook keeps at most: the current one and the two before it, each
 * within its overlap. A request carries one signature per live secret.
 */
export const MAX_LIVE_WEBHOOK_SECRETS = 3;

/**
 * The secrets that still sign at `now`: the current one and those within their overlap, the
 * newest {@link MAX_LIVE_WEBHOOK_SECRETS} (a target stored before the cap may hold more).
 */
export function signingSecrets(target: WebhookTarget, now: string): string[] {
  return target.secrets
    .filter((s) => s.until === null || s.until > now)
    .slice(0, MAX_LIVE_WEBHOOK_SECRETS)
    .map((s) => s.secret);
}
