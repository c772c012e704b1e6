import { type Scope } from '../../../shared/application/ports/scope';

/** How many sends one person got on one channel since an instant. */
export interface RecentSendCount {
  readonly recipientId: string;
  readonly channel: string;
  /** Sends `sent` since the instant, plus those `sending` now. */
  readonly count: number;
  /** The earliest `sent_at` among them (ISO UTC); null when all are in flight. */
  readonly oldestSentAt: string | null;
}

/** What throttling reads: the recent sends of a batch's recipients, per channel. */
export interface RecentSends {
  /** One row per (recipient, channel) with sends since `since`; at most 1,000 recipients. */
  countSince(
    scope: Scope,
    recipientIds: readonly string[],
    since: string,
  ): Promise<RecentSendCount[]>;
}
