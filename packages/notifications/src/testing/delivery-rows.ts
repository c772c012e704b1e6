import { type Kysely } from 'kysely';
import { type NotificationsTables } from '../shared/infrastructure/notifications.tables';

/**
 * Whole stored deliveries for a test to look at: each state row (`d`) joined with its body row
 * (`b`), every column of both under its own name.
 */
export function deliveryRows(db: Kysely<NotificationsTables>) {
  return db
    .selectFrom('notification_deliveries as d')
    .innerJoin('notification_bodies as b', 'b.id', 'd.id')
    .selectAll('d')
    .select([
      'b.channels',
      'b.title',
      'b.message',
      'b.url',
      'b.source_collection',
      'b.source_id',
      'b.event_at',
      'b.expires_at',
      'b.snoozed_from',
      'b.priority',
      'b.escalate_after_ms',
      'b.escalate_channel',
      'b.fallback_channel',
    ]);
}
