// The JSON the page reads, as the daemon's OpenAPI document describes it.

// The daemon's views, generated from its OpenAPI document (`npm run gen:web-types`).
export type {
  InboxItem,
  InboxPage,
  Notification,
  NotificationPage,
  NotificationSource,
  ParsedTime as ResolvedWhen,
  Preferences,
  Session as SessionView,
  StartedSession,
} from './openapi.gen';
