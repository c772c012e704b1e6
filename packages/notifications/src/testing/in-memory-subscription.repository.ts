import {
  type SubscriptionRepository,
  type WebhookSubscription,
} from '../application/ports/subscription.repository';

/** In-memory webhook subscriptions: one per recipient, replaced on upsert. */
export class InMemorySubscriptionRepository implements SubscriptionRepository {
  readonly subscriptions: WebhookSubscription[] = [];

  upsertWebhook(_s: unknown, s: WebhookSubscription): Promise<void> {
    const others = this.subscriptions.filter((x) => x.recipientId !== s.recipientId);
    this.subscriptions.splice(0, this.subscriptions.length, ...others, s);
    return Promise.resolve();
  }

  list(_s: unknown, recipientId: string): Promise<WebhookSubscription[]> {
    return Promise.resolve(this.subscriptions.filter((s) => s.recipientId === recipientId));
  }

  remove(_s: unknown, recipientId: string, id: string): Promise<boolean> {
    const index = this.subscriptions.findIndex((s) => s.id === id && s.recipientId === recipientId);
    if (index >= 0) {
      this.subscriptions.splice(index, 1);
    }
    return Promise.resolve(index >= 0);
  }

  webhooksFor(
    _s: unknown,
    recipientIds: readonly string[],
  ): Promise<Map<string, WebhookSubscription>> {
    return Promise.resolve(
      new Map(
        this.subscriptions
          .filter((s) => recipientIds.includes(s.recipientId))
          .map((s) => [s.recipientId, s]),
      ),
    );
  }
}
