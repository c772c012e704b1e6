import { type DomainEvent, type Transaction } from '@tickler/core';
import { type Kysely } from 'kysely';
import {
  type InboxItem,
  type InboxRepository,
  type ListInboxQuery,
} from '../application/ports/inbox.repository';
import {
  type ExpectedState,
  type ListDeliveriesQuery,
  type NotificationDeliveryRepository,
  type PendingSettlement,
  type SourcedDelivery,
} from '../application/ports/notification-delivery.repository';
import {
  type SubscriptionRepository,
  type WebhookSubscription,
} from '../application/ports/subscription.repository';
import { type TransactionRunner } from '../application/ports/transaction-runner.port';
import { type DeliveryWakeUp } from '../application/ports/wake-up.port';
import {
  type WebhookDelivery,
  type WebhookOutcome,
  type WebhookSender,
} from '../application/ports/webhook-sender.port';
import {
  NotificationDelivery,
  type NotificationDeliveryState,
} from '../domain/notification-delivery.entity';
import { NotificationConcurrentUpdateError } from '../domain/notification.errors';

/** Runs work "in a transaction" without a database; keeps committed events and after-commit order. */
export class FakeUnitOfWork implements TransactionRunner {
  readonly published: DomainEvent[] = [];
  private open: (Transaction & { events: DomainEvent[] }) | undefined;

  active(): Transaction | undefined {
    return this.open;
  }

  async run<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    if (this.open) {
      return work(this.open);
    }
    const events: DomainEvent[] = [];
    const callbacks: (() => void)[] = [];
    const tx = {
      db: null as unknown as Kysely<unknown>,
      events,
      recordEvents: (e: readonly DomainEvent[]) => events.push(...e),
      afterCommit: (c: () => void) => callbacks.push(c),
    };
    this.open = tx;
    try {
      const result = await work(tx);
      this.published.push(...events);
      callbacks.forEach((c) => c());
      return result;
    } finally {
      this.open = undefined;
    }
  }
}

/** In-memory delivery repository: stores snapshots, so loaded aggregates are independent copies. */
export class InMemoryDeliveryRepository implements NotificationDeliveryRepository {
  readonly rows = new Map<string, NotificationDeliveryState>();

  insert(_s: unknown, d: NotificationDelivery): Promise<void> {
    if (this.rows.has(d.id)) {
      return Promise.reject(new Error(`duplicate id ${d.id}`));
    }
    this.rows.set(d.id, d.snapshot());
    return Promise.resolve();
  }

  findById(_s: unknown, id: string): Promise<NotificationDelivery | undefined> {
    const row = this.rows.get(id);
    return Promise.resolve(row ? NotificationDelivery.rehydrate(row) : undefined);
  }

  findIdBySourceKey(
    _s: unknown,
    recipientId: string,
    source: { app: string; key: string; rule: string | null },
  ): Promise<string | undefined> {
    const row = [...this.rows.values()].find(
      (r) =>
        r.recipientId === recipientId &&
        r.source?.app === source.app &&
        r.source.key === source.key &&
        (r.source.rule ?? null) === source.rule,
    );
    return Promise.resolve(row?.id);
  }

  findByIdempotencyKey(
    _s: unknown,
    recipientId: string,
    key: string,
  ): Promise<NotificationDelivery | undefined> {
    const row = [...this.rows.values()].find(
      (r) => r.recipientId === recipientId && r.idempotencyKey === key,
    );
    return Promise.resolve(row ? NotificationDelivery.rehydrate(row) : undefined);
  }

  async save(_s: unknown, d: NotificationDelivery, expected: ExpectedState): Promise<void> {
    const updated = await this.settleMany(_s, [{ delivery: d, expected }]);
    if (updated.size !== 1) {
      throw new NotificationConcurrentUpdateError(1, updated.size);
    }
  }

  settleMany(_s: unknown, settlements: readonly PendingSettlement[]): Promise<Set<string>> {
    const updated = new Set<string>();
    for (const { delivery, expected } of settlements) {
      const row = this.rows.get(delivery.id);
      if (
        row &&
        row.status === expected.status &&
        (expected.leaseToken === undefined || row.leaseToken === expected.leaseToken)
      ) {
        this.rows.set(delivery.id, delivery.snapshot());
        updated.add(delivery.id);
      }
    }
    return Promise.resolve(updated);
  }

  findDue(_s: unknown, now: string, limit: number, id?: string): Promise<NotificationDelivery[]> {
    const due = [...this.rows.values()]
      .filter((r) => r.dueAt !== null && r.dueAt <= now && (id === undefined || r.id === id))
      .sort((a, b) => ((a.dueAt ?? '') < (b.dueAt ?? '') ? -1 : 1))
      .slice(0, limit);
    return Promise.resolve(due.map((r) => NotificationDelivery.rehydrate(r)));
  }

  nextDueAt(): Promise<string | undefined> {
    const due = [...this.rows.values()]
      .map((r) => r.dueAt)
      .filter((d): d is string => d !== null)
      .sort();
    return Promise.resolve(due[0]);
  }

  list(_s: unknown, query: ListDeliveriesQuery): Promise<NotificationDelivery[]> {
    const key = (r: NotificationDeliveryState): string => `${r.scheduledAt ?? r.createdAt}|${r.id}`;
    const after = query.after ? `${query.after.sortAt}|${query.after.id}` : '';
    const rows = [...this.rows.values()]
      .filter(
        (r) =>
          r.recipientId === query.recipientId &&
          (query.status === undefined || r.status === query.status) &&
          key(r) > after,
      )
      .sort((a, b) => (key(a) < key(b) ? -1 : 1))
      .slice(0, query.limit);
    return Promise.resolve(rows.map((r) => NotificationDelivery.rehydrate(r)));
  }

  async insertMany(_s: unknown, deliveries: readonly NotificationDelivery[]): Promise<void> {
    for (const d of deliveries) {
      await this.insert(_s, d);
    }
  }

  findBySourceApp(_s: unknown, sourceApp: string): Promise<SourcedDelivery[]> {
    return Promise.resolve(
      [...this.rows.values()]
        .filter((r) => r.source?.app === sourceApp)
        .map((r) => ({
          id: r.id,
          recipientId: r.recipientId,
          sourceKey: r.source?.key ?? '',
          rule: r.source?.rule ?? null,
          status: r.status,
          title: r.title,
          message: r.message,
          url: r.url,
          scheduledAt: r.scheduledAt,
          eventAt: r.eventAt,
          expiresAt: r.expiresAt,
          createdAt: r.createdAt,
        })),
    );
  }

  findByIds(_s: unknown, ids: readonly string[]): Promise<NotificationDelivery[]> {
    return Promise.resolve(
      ids.flatMap((id) => {
        const row = this.rows.get(id);
        return row ? [NotificationDelivery.rehydrate(row)] : [];
      }),
    );
  }

  saveMany(_s: unknown, pending: readonly PendingSettlement[]): Promise<Set<string>> {
    return this.settleMany(_s, pending);
  }

  deleteSettled(_s: unknown, ids: readonly string[]): Promise<number> {
    let deleted = 0;
    for (const id of ids) {
      const row = this.rows.get(id);
      if (row && ['sent', 'canceled', 'missed', 'failed'].includes(row.status)) {
        this.rows.delete(id);
        deleted++;
      }
    }
    return Promise.resolve(deleted);
  }
}

export class InMemoryInboxRepository implements InboxRepository {
  readonly items: InboxItem[] = [];

  insertMany(_s: unknown, items: readonly InboxItem[]): Promise<void> {
    for (const item of items) {
      if (this.items.some((i) => i.notificationId === item.notificationId)) {
        return Promise.reject(new Error(`inbox row for ${item.notificationId} exists`));
      }
    }
    this.items.push(...items);
    return Promise.resolve();
  }

  find(_s: unknown, recipientId: string, id: string): Promise<InboxItem | undefined> {
    return Promise.resolve(this.items.find((i) => i.id === id && i.recipientId === recipientId));
  }

  markRead(_s: unknown, recipientId: string, id: string, now: string): Promise<boolean> {
    const index = this.items.findIndex(
      (i) => i.id === id && i.recipientId === recipientId && i.readAt === null,
    );
    if (index < 0) {
      return Promise.resolve(false);
    }
    this.items[index] = { ...(this.items[index] as InboxItem), readAt: now };
    return Promise.resolve(true);
  }

  list(_s: unknown, q: ListInboxQuery): Promise<InboxItem[]> {
    const key = (i: InboxItem): string => `${i.createdAt}|${i.id}`;
    const before = q.before ? `${q.before.createdAt}|${q.before.id}` : '\uffff';
    return Promise.resolve(
      this.items
        .filter(
          (i) =>
            i.recipientId === q.recipientId &&
            (!q.unreadOnly || i.readAt === null) &&
            key(i) < before,
        )
        .sort((a, b) => (key(a) < key(b) ? 1 : -1))
        .slice(0, q.limit),
    );
  }
}

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

/** Records wake-up instants; `earliest` is what the single keep-earlier row would hold. */
export class RecordingWakeUp implements DeliveryWakeUp {
  readonly calls: string[] = [];

  get earliest(): string | undefined {
    return [...this.calls].sort()[0];
  }

  wakeAt(_tx: Transaction, at: string): Promise<void> {
    this.calls.push(at);
    return Promise.resolve();
  }
}

/** Answers webhook requests from a script (default: 200) and records them. */
export class ScriptedWebhookSender implements WebhookSender {
  readonly sent: WebhookDelivery[] = [];
  outcome: (delivery: WebhookDelivery, index: number) => WebhookOutcome = () => ({
    ok: true,
    status: 200,
  });

  send(delivery: WebhookDelivery): Promise<WebhookOutcome> {
    const index = this.sent.push(delivery) - 1;
    return Promise.resolve(this.outcome(delivery, index));
  }
}

/** Sequential ids `id-1`, `id-2`, … */
export class SequentialIds {
  private n = 0;
  next(): string {
    this.n += 1;
    return `id-${String(this.n).padStart(6, '0')}`;
  }
}
