import { type Scope } from '../../../shared/application/ports/scope';

/** One inbox entry as stored (instants ISO UTC). */
export interface InboxItem {
  readonly id: string;
  readonly recipientId: string;
  readonly notificationId: string;
  readonly title: string;
  readonly message: string;
  readonly url: string | null;
  readonly createdAt: string;
  readonly readAt: string | null;
}

/** One page of a recipient's inbox, newest first. */
export interface ListInboxQuery {
  readonly recipientId: string;
  readonly limit: number;
  readonly unreadOnly: boolean;
  /** Exclusive bound: items older than this (newest first). */
  readonly before?: { readonly createdAt: string; readonly id: string };
}

/** Persistence port of the recipient's inbox. */
export interface InboxRepository {
  /** One multi-row INSERT (chunked only past the driver's parameter limit). */
  insertMany(scope: Scope, items: readonly InboxItem[]): Promise<void>;
  find(scope: Scope, recipientId: string, id: string): Promise<InboxItem | undefined>;
  /** Sets `read_at` if still unread; returns whether it changed. */
  markRead(scope: Scope, recipientId: string, id: string, now: string): Promise<boolean>;
  /** Newest first. */
  list(scope: Scope, query: ListInboxQuery): Promise<InboxItem[]>;
}
