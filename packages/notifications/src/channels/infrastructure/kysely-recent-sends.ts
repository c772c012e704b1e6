import { tablesOf } from '@tickler/core';
import { injectable } from 'inversify';
import { sql } from 'kysely';
import { type Scope } from '../../shared/application/ports/scope';
import { type NotificationsTables } from '../../shared/infrastructure/notifications.tables';
import { type RecentSendCount, type RecentSends } from '../application/ports/recent-sends.port';

/**
 * Throttling's one statement (SQLite and PostgreSQL): per recipient and channel, the sends
 * `sent` since an instant plus those in flight, on the `(recipient_id, channel, sent_at)` index.
 */
@injectable()
export class KyselyRecentSends implements RecentSends {
  async countSince(
    scope: Scope,
    recipientIds: readonly string[],
    since: string,
  ): Promise<RecentSendCount[]> {
    if (recipientIds.length === 0) {
      return [];
    }
    const rows = await tablesOf<NotificationsTables>(scope.db)
      .selectFrom('notification_channel_sends')
      .select([
        'recipient_id',
        'channel',
        sql<number>`count(*)`.as('n'),
        sql<string | null>`min(sent_at)`.as('oldest'),
      ])
      .where('recipient_id', 'in', [...recipientIds])
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'sent'), eb('sent_at', '>', since)]),
          eb('status', '=', 'sending'),
        ]),
      )
      .groupBy(['recipient_id', 'channel'])
      .execute();
    return rows.map((r) => ({
      recipientId: r.recipient_id,
      channel: r.channel,
      count: Number(r.n),
      oldestSentAt: r.oldest,
    }));
  }
}
