import { type Transaction } from '@tickler/core';
import { type ChannelSendState } from '../../../shared/domain/channel-send.state';
import { type NotificationDelivery } from '../../domain/notification-delivery.entity';
import { type Scope } from '../../../shared/application/ports/scope';

/** One send a firing created, as the delivery's view reads it. */
export interface FiredSend {
  snapshot(): ChannelSendState;
}

/**
 * Where a delivery going out goes (port owned by delivery, implemented by the channels module's
 * `DeliveryFiring`): its inbox row and one channel send per external target, inside the caller's
 * transaction. Delivery never imports the channels module.
 */
export interface DeliveryOutlets {
  /**
   * Fires `deliveries` (each `scheduled` and due, decided to go out) at `now`; returns the sends
   * created. `holdExternal` (delivery id → instant) makes those deliveries' external sends due
   * at that instant instead of now.
   */
  fire(
    tx: Transaction,
    deliveries: readonly NotificationDelivery[],
    now: string,
    holdExternal?: ReadonlyMap<string, string>,
  ): Promise<FiredSend[]>;
  /**
   * Settles as missed (`preferences`) those of `deliveries` (due, decided to go out) whose every
   * channel their recipient turned off for their source; returns the others, to go on to quiet
   * hours, digests and {@link fire}. So no such reminder is held, or sent inside a digest.
   */
  settleMuted(
    tx: Transaction,
    deliveries: readonly NotificationDelivery[],
    now: string,
  ): Promise<NotificationDelivery[]>;
}

/** The channel sends of deliveries, for their views (the channels module's send repository). */
export interface SendOutcomes {
  /** Every send of these deliveries (one read for a page). */
  forDeliveries(scope: Scope, deliveryIds: readonly string[]): Promise<ChannelSendState[]>;
}
