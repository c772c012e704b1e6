import { tablesOf } from '@tickler/core';
import { injectable } from 'inversify';
import { type Kysely } from 'kysely';
import { type ChannelPause, type ChannelPauses } from '../application/ports/channel-pauses.port';
import { type Scope } from '../../shared/application/ports/scope';
import { type NotificationsTables } from '../../shared/infrastructure/notifications.tables';

const TABLE = 'notification_channel_pauses';

function q(scope: Scope): Kysely<NotificationsTables> {
  return tablesOf<NotificationsTables>(scope.db);
}

/** kysely adapter of `ChannelPauses` (SQLite and PostgreSQL). */
@injectable()
export class KyselyChannelPauses implements ChannelPauses {
  async list(scope: Scope): Promise<ChannelPause[]> {
    const rows = await q(scope).selectFrom(TABLE).selectAll().orderBy('channel').execute();
    return rows.map((r) => ({ channel: r.channel, pausedAt: r.paused_at }));
  }

  async pause(scope: Scope, channel: string, at: string): Promise<boolean> {
    // Pausing twice keeps the first instant: two operators (or a double click) agree on it.
    const result = await q(scope)
      .insertInto(TABLE)
      .values({ channel, paused_at: at })
      .onConflict((oc) => oc.column('channel').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  async resume(scope: Scope, channel: string): Promise<boolean> {
    const result = await q(scope)
      .deleteFrom(TABLE)
      .where('channel', '=', channel)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }
}
