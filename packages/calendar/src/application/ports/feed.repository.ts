import { type Scope } from './transaction-runner.port';

/** Private feeds: one per person, found by its token's SHA-256. */
export interface FeedRepository {
  /** Sets the person's feed to this token hash (replacing an older one). */
  put(scope: Scope, recipientId: string, tokenHash: string, createdAt: string): Promise<void>;
  /** Removes the person's feed; false when there was none. */
  remove(scope: Scope, recipientId: string): Promise<boolean>;
  /** The person whose feed has this token hash. */
  ownerOf(scope: Scope, tokenHash: string): Promise<string | undefined>;
}

/** A sent reminder waiting to be resolved to its occurrence. */
export interface SentReminder {
  readonly deliveryId: string;
  readonly recipientId: string;
  readonly sentAt: string;
}

/** "Last reminded" per event occurrence, written by the projector. */
export interface RemindedRepository {
  /** Keeps sent reminders for resolution (a delivery already kept is ignored). */
  addSent(scope: Scope, sent: readonly SentReminder[]): Promise<void>;
  /** The oldest `limit` sent reminders waiting for resolution. */
  pendingSent(scope: Scope, limit: number): Promise<SentReminder[]>;
  /** Takes one waiting reminder; false when another resolver took it first. */
  takeSent(scope: Scope, deliveryId: string): Promise<boolean>;
  /** Records one sent reminder of an occurrence (counted once per sent delivery). */
  record(
    scope: Scope,
    entry: {
      calendarId: string;
      instanceKey: string;
      recipientId: string;
      sentAt: string;
      deliveryId: string;
    },
  ): Promise<void>;
  ofCalendar(
    scope: Scope,
    calendarId: string,
  ): Promise<Map<string, { lastRemindedAt: string; remindedCount: number }>>;
  /** The latest reminder of each of these calendars. */
  latest(scope: Scope, calendarIds: readonly string[]): Promise<Map<string, string>>;
}
