import { type Scope } from './scope';

/** A recipient's webhook endpoint. */
export interface WebhookSubscription {
  readonly id: string;
  readonly recipientId: string;
  readonly kind: 'webhook';
  readonly url: string;
  /** HMAC-SHA256 signing secret. */
  readonly secret: string;
  readonly createdAt: string;
}

/** Persistence port of webhook subscriptions (one per recipient). */
export interface SubscriptionRepository {
  /** Stores the recipient's webhook, replacing an earlier one (a new URL and secret). */
  upsertWebhook(scope: Scope, subscription: WebhookSubscription): Promise<void>;
  list(scope: Scope, recipientId: string): Promise<WebhookSubscription[]>;
  /** Returns whether a row was removed. */
  remove(scope: Scope, recipientId: string, id: string): Promise<boolean>;
  /** The webhook of each given recipient that has one. */
  webhooksFor(
    scope: Scope,
    recipientIds: readonly string[],
  ): Promise<Map<string, WebhookSubscription>>;
}
