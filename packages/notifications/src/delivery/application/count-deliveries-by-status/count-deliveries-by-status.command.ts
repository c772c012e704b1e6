import { Command } from '@tickler/core';
import { type DeliveryCountsByStatus } from '../../../shared/application/notification.view';

/**
 * How many deliveries the store holds in each status, across every recipient: one grouped
 * count for monitoring (the daemon's `tickler_deliveries` gauge reads it at scrape time, so
 * it is right after a restart). Statuses without a row are left out.
 */
export class CountDeliveriesByStatus extends Command<DeliveryCountsByStatus> {
  static readonly type = 'notifications.count-by-status';
}
