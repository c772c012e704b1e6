// The JSON the page reads, as the daemon's OpenAPI document describes it.

// The daemon's views, generated from its OpenAPI document (`npm run gen:web-types`).
export type {
  InboxItem,
  Notification,
  NotificationSource,
  ParsedTime as ResolvedWhen,
  Preferences,
} from './openapi.gen';

/** One page of a list. */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** `GET /v1/session`. */
export interface SessionView {
  userId: string;
  expiresAt: string;
}
