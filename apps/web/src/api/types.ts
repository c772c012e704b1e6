// The JSON the page reads, as the daemon's OpenAPI document describes it (only the fields used).

/** Where an app-scheduled reminder came from. */
export interface NotificationSource {
  app: string;
  key: string;
  /** A calendar reminder's calendar id (source app `calendar`). */
  collection?: string | null;
}

/** A reminder (`/v1/users/{userId}/notifications`). */
export interface Notification {
  id: string;
  userId: string;
  status: 'scheduled' | 'sending' | 'sent' | 'canceled' | 'missed' | 'failed';
  title: string;
  message: string;
  url: string | null;
  scheduledAt: string | null;
  sentAt: string | null;
  source: NotificationSource | null;
  missedReason: string | null;
  createdAt: string;
  updatedAt: string;
  /** The series a repeating reminder belongs to (create/get/edit answers; lists leave it out). */
  repeat?: { rule: string; timeZone: string; description?: string } | null;
}

/** One delivered reminder in the inbox. */
export interface InboxItem {
  id: string;
  notificationId: string;
  title: string;
  message: string;
  url: string | null;
  createdAt: string;
  readAt: string | null;
}

/** One page of a list. */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** `POST /v1/time/parse`. */
export interface ResolvedWhen {
  instant: string;
  timeZone: string;
  local: string;
  readAs: 'instant' | 'from-now' | 'local';
}

/** `GET /v1/session`. */
export interface SessionView {
  userId: string;
  expiresAt: string;
}
