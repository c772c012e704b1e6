import { type NotificationDelivery } from '../../domain/notification-delivery.entity';
import { NotificationNotFoundError } from '../../../shared/domain/notification.errors';
import { type NotificationDeliveryRepository } from './notification-delivery.repository';
import { type Scope } from '../../../shared/application/ports/scope';

/**
 * Loads a delivery that belongs to `recipientId` (published with the repository port: the series
 * module loads a person's delivery the same way). Another recipient's delivery is reported
 * exactly like a missing one, so ids do not leak across recipients.
 *
 * `forUpdate` is for commands that change the delivery (cancel, send now, reschedule, delete):
 * on PostgreSQL they lock its row FIRST, before any other write, the same row lock the
 * dispatcher's claim (`findDue`, `FOR UPDATE SKIP LOCKED`) takes before it writes inbox rows and
 * channel sends. One lock order for both: the dispatcher skips a row a command holds, and a
 * command waits for a batch that holds its row, then reads the row as that batch left it (and
 * is refused cleanly, 409). Without it the command's inbox INSERT and the dispatcher's met
 * first and ended in 40P01 (deadlock) or 23505 (issue 16).
 */
export async function loadOwnedDelivery(
  repository: NotificationDeliveryRepository,
  scope: Scope,
  recipientId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<NotificationDelivery> {
  const delivery = await repository.findById(scope, id, options);
  if (!delivery || delivery.recipientId !== recipientId) {
    throw new NotificationNotFoundError(recipientId, id);
  }
  return delivery;
}
