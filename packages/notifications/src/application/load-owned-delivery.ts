import { type NotificationDelivery } from '../domain/notification-delivery.entity';
import { NotificationNotFoundError } from '../domain/notification.errors';
import { type NotificationDeliveryRepository } from './ports/notification-delivery.repository';
import { type Scope } from './ports/scope';

/**
 * Loads a delivery that belongs to `recipientId`. Another recipient's delivery is reported
 * exactly like a missing one, so ids do not leak across recipients.
 */
export async function loadOwnedDelivery(
  repository: NotificationDeliveryRepository,
  scope: Scope,
  recipientId: string,
  id: string,
): Promise<NotificationDelivery> {
  const delivery = await repository.findById(scope, id);
  if (!delivery || delivery.recipientId !== recipientId) {
    throw new NotificationNotFoundError(recipientId, id);
  }
  return delivery;
}
