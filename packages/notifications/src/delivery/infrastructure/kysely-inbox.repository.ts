import { MultiRowInsert, tablesOf } from '@tickler/core';
import { injectable } from 'inversify';
import { type Kysely } from 'kysely';
import {
  type InboxItem,
  type InboxRepository,
  type ListInboxQuery,
} from '../application/ports/inbox.repository';
import { type Scope } from '../../shared/application/ports/scope';
import {
  type InboxRow,
  type NotificationsTables,
} from '../../shared/infrastructure/notifications.tables';

const TABLE = 'notification_inbox';

/**
 * A drain batch's inbox rows in one statement, its text compiled once per row count (kysely's
 * builder walked all 4,000 values of a 500-row batch on every call).
 */
const INSERT = new MultiRowInsert<InboxRow>({
  table: TABLE,
  columns: [
    'id',
    'recipient_id',
    'notification_id',
    'title',
    'message',
    'url',
    'created_at',
    'read_at',
  ],
});

function q(scope: Scope): Kysely<NotificationsTables> {
  return tablesOf<NotificationsTables>(scope.db);
}

function toItem(row: InboxRow): InboxItem {
  return {
    id: row.id,
    recipientId: row.recipient_id,
    notificationId: row.notification_id,
    title: row.title,
    message: row.message,
    url: row.url,
    createdAt: row.created_at,
    readAt: row.read_at,
  };
}

/** kysely adapter of the inbox. */
@injectable()
export class KyselyInboxRepository implements InboxRepository {
  async insertMany(scope: Scope, items: readonly InboxItem[]): Promise<void> {
    const rows = items.map((item): InboxRow => ({
      id: item.id,
      recipient_id: item.recipientId,
      notification_id: item.notificationId,
      title: item.title,
      message: item.message,
      url: item.url,
      created_at: item.createdAt,
      read_at: item.readAt,
    }));
    await INSERT.execute(scope.db, rows);
  }

  async find(scope: Scope, recipientId: string, id: string): Promise<InboxItem | undefined> {
    const row = await q(scope)
      .selectFrom(TABLE)
      .selectAll()
      .where('id', '=', id)
      .where('recipient_id', '=', recipientId)
      .executeTakeFirst();
    return row ? toItem(row) : undefined;
  }

  async markRead(scope: Scope, recipientId: string, id: string, now: string): Promise<boolean> {
    const result = await q(scope)
      .updateTable(TABLE)
      .set({ read_at: now })
      .where('id', '=', id)
      .where('recipient_id', '=', recipientId)
      .where('read_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async list(scope: Scope, query: ListInboxQuery): Promise<InboxItem[]> {
    let select = q(scope)
      .selectFrom(TABLE)
      .selectAll()
      .where('recipient_id', '=', query.recipientId);
    if (query.unreadOnly) {
      select = select.where('read_at', 'is', null);
    }
    const before = query.before;
    if (before) {
      select = select.where((eb) =>
        eb.or([
          eb('created_at', '<', before.createdAt),
          eb.and([eb('created_at', '=', before.createdAt), eb('id', '<', before.id)]),
        ]),
      );
    }
    const rows = await select
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.limit)
      .execute();
    return rows.map(toItem);
  }
}
