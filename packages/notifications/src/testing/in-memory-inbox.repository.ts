import {
  type InboxItem,
  type InboxRepository,
  type ListInboxQuery,
} from '../delivery/application/ports/inbox.repository';

/** In-memory inbox: one item per delivery, newest first, read once. */
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
