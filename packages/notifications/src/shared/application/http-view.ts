import {
  type InboxItemView,
  type NotificationView,
  type SubscriptionView,
} from './notification.view';

/**
 * A contract value as the daemon's HTTP API writes it: every `recipientId` key named `userId`.
 * Inside the notifications context the person is the recipient; at the HTTP and auth boundary
 * they are the user (docs/architecture.md, "One name for the person"). The daemon converts in
 * one place (`apps/daemon/src/http/user-naming.ts`); HTTP clients such as the CLI type the
 * JSON they read with this.
 */
export type HttpView<T> = T extends readonly (infer E)[]
  ? HttpView<E>[]
  : T extends object
    ? { [K in keyof T as K extends 'recipientId' ? 'userId' : K]: HttpView<T[K]> }
    : T;

/** A delivery as the HTTP API writes it (`userId`, not `recipientId`). */
export type NotificationJson = HttpView<NotificationView>;

/** An inbox item as the HTTP API writes it. */
export type InboxItemJson = HttpView<InboxItemView>;

/** A webhook subscription as the HTTP API writes it. */
export type SubscriptionJson = HttpView<SubscriptionView>;
