import {
  type ChannelSubscription,
  type SubscriptionRepository,
} from '../channels/application/ports/subscription.repository';

/** In-memory channel subscriptions, keyed by id. */
export class InMemorySubscriptionRepository implements SubscriptionRepository {
  readonly subscriptions: ChannelSubscription[] = [];

  findByTarget(
    _s: unknown,
    recipientId: string,
    kind: string,
    targetKey: string,
  ): Promise<ChannelSubscription | undefined> {
    return Promise.resolve(
      this.subscriptions.find(
        (s) => s.recipientId === recipientId && s.kind === kind && s.targetKey === targetKey,
      ),
    );
  }

  insert(_s: unknown, subscription: ChannelSubscription): Promise<void> {
    this.subscriptions.push(subscription);
    return Promise.resolve();
  }

  update(_s: unknown, subscription: ChannelSubscription): Promise<void> {
    const index = this.subscriptions.findIndex((s) => s.id === subscription.id);
    this.subscriptions[index] = subscription;
    return Promise.resolve();
  }

  list(_s: unknown, recipientId: string): Promise<ChannelSubscription[]> {
    return Promise.resolve(this.subscriptions.filter((s) => s.recipientId === recipientId));
  }

  find(_s: unknown, recipientId: string, id: string): Promise<ChannelSubscription | undefined> {
    return Promise.resolve(
      this.subscriptions.find((s) => s.id === id && s.recipientId === recipientId),
    );
  }

  remove(_s: unknown, recipientId: string, id: string): Promise<boolean> {
    const index = this.subscriptions.findIndex((s) => s.id === id && s.recipientId === recipientId);
    if (index >= 0) {
      this.subscriptions.splice(index, 1);
    }
    return Promise.resolve(index >= 0);
  }

  activeFor(_s: unknown, recipientIds: readonly string[]): Promise<ChannelSubscription[]> {
    return Promise.resolve(
      this.subscriptions.filter((s) => s.active && recipientIds.includes(s.recipientId)),
    );
  }

  findByIds(_s: unknown, ids: readonly string[]): Promise<Map<string, ChannelSubscription>> {
    return Promise.resolve(
      new Map(this.subscriptions.filter((s) => ids.includes(s.id)).map((s) => [s.id, s])),
    );
  }

  recordAttempt(
    _s: unknown,
    id: string,
    outcome: { ok: boolean; pauseAfter: number; reason: string; now: string },
  ): Promise<boolean> {
    const index = this.subscriptions.findIndex((s) => s.id === id);
    const s = this.subscriptions[index];
    if (!s) {
      return Promise.resolve(false);
    }
    const failures = outcome.ok ? 0 : s.consecutiveFailures + 1;
    const pause = !outcome.ok && s.pausedAt === null && failures >= outcome.pauseAfter;
    this.subscriptions[index] = {
      ...s,
      consecutiveFailures: failures,
      ...(pause ? { pausedAt: outcome.now, pausedReason: outcome.reason } : {}),
    };
    return Promise.resolve(pause);
  }

  deactivate(_s: unknown, id: string, reason: string, now: string): Promise<void> {
    const index = this.subscriptions.findIndex((s) => s.id === id);
    const s = this.subscriptions[index];
    if (s) {
      this.subscriptions[index] = {
        ...s,
        active: false,
        deactivatedAt: now,
        deactivatedReason: reason,
      };
    }
    return Promise.resolve();
  }
}
