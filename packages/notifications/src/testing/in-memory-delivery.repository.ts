import {
  type ExpectedState,
  type ListDeliveriesQuery,
  type NotificationDeliveryRepository,
  type PendingSettlement,
  type SourcedDelivery,
} from '../delivery/application/ports/notification-delivery.repository';
import {
  NotificationDelivery,
  type NotificationDeliveryState,
} from '../delivery/domain/notification-delivery.entity';
import { type NotificationStatus } from '../shared/domain/notification-status';
import { isSettled } from '../delivery/domain/notification-transitions';
import { NotificationConcurrentUpdateError } from '../shared/domain/notification.errors';

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
      if (row && row.status === expected.status) {
        this.rows.set(delivery.id, delivery.snapshot());
        updated.add(delivery.id);
      }
    }
    return Promise.resolve(updated);
  }

  findDue(_s: unknown, now: string, limit: number, id?: string): Promise<NotificationDelivery[]> {
    const due = [...this.rows.values()]
      .filter(
        (r) =>
          r.status === 'scheduled' &&
          r.dueAt !== null &&
          r.dueAt <= now &&
          (id === undefined || r.id === id),
      )
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
          (query.since === undefined || (r.scheduledAt ?? r.createdAt) >= query.since) &&
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

  countByStatus(): Promise<Partial<Record<NotificationStatus, number>>> {
    const counts: Partial<Record<NotificationStatus, number>> = {};
    for (const { status } of this.rows.values()) {
      counts[status] = (counts[status] ?? 0) + 1;
    }
    return Promise.resolve(counts);
  }

  deleteOne(_s: unknown, id: string, expected: { status: NotificationStatus }): Promise<boolean> {
    const row = this.rows.get(id);
    if (!row || row.status !== expected.status) {
      return Promise.resolve(false);
    }
    this.rows.delete(id);
    return Promise.resolve(true);
  }

  deleteSettled(_s: unknown, ids: readonly string[]): Promise<number> {
    let deleted = 0;
    for (const id of ids) {
      const row = this.rows.get(id);
      if (row && isSettled(row.status)) {
        this.rows.delete(id);
        deleted++;
      }
    }
    return Promise.resolve(deleted);
  }
}
