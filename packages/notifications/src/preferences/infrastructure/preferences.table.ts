import { type Selectable } from 'kysely';

/**
 * `notification_preferences`: one row per switch a person set (source × channel); a switch
 * without a row is on. Instants are ISO UTC text.
 */
export interface NotificationPreferencesTable {
  recipient_id: string;
  /** The reminders' `source.app`, or `@person` for those a person made. */
  source: string;
  /** A channel kind (`inbox`, `push`, …). */
  channel: string;
  /** 1 = on, 0 = off. */
  enabled: number;
  updated_at: string;
  /**
   * On an `inbox` switch: the source's escalation, "still unread this long (ms) after firing,
   * send again by `escalate_channel`", for its reminders that carry none; null: none.
   */
  escalate_after_ms: number | null;
  escalate_channel: string | null;
}

/** The preferences module's tables, as kysely sees them. */
export interface PreferencesTables {
  notification_preferences: NotificationPreferencesTable;
}

/** A preference row as read. */
export type PreferenceRow = Selectable<NotificationPreferencesTable>;
