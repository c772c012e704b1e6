import { type Selectable } from 'kysely';

/**
 * `notification_recipient_profiles`: one row per person who set something about their time
 * (a person without a row has the defaults). Instants are ISO UTC text; times of day `HH:MM`.
 */
export interface NotificationRecipientProfilesTable {
  recipient_id: string;
  /** IANA name, canonical spelling; null = UTC. */
  time_zone: string | null;
  /** Quiet hours: local start and end (`22:00`, `07:00`); both null = none. */
  quiet_start: string | null;
  quiet_end: string | null;
  /** Days the window starts on, comma-separated (`MO,TU`); null = every day. */
  quiet_days: string | null;
  /** 1 = inside quiet hours the inbox row is written on time anyway. */
  inbox_on_time: number;
  /** Duration text with its unit (`15m`). */
  default_lead: string | null;
  /** `tick`, `daily`, or null (no digest). */
  digest_mode: string | null;
  /** The daily digest's local time (`08:00`); null unless `daily`. */
  digest_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A profile row as read. */
export type RecipientProfileRow = Selectable<NotificationRecipientProfilesTable>;
