import { type Channel } from '../../../shared/domain/notification-status';
import { type Scope } from '../../../shared/application/ports/scope';
import { type NotificationDelivery } from '../../domain/notification-delivery.entity';
import { type EscalationRule } from '../../../shared/domain/escalation-rule';

/** The answer for one firing batch: which of a delivery's channels its recipient left on. */
export interface ChannelFilter {
  /** False when no recipient of the batch turned any channel off (nothing to filter). */
  readonly turnsAnythingOff: boolean;
  /** False when the delivery's recipient turned `channel` off for the delivery's source. */
  allows(delivery: NotificationDelivery, channel: Channel): boolean;
  /**
   * The escalation the delivery's recipient set for its source (on their inbox switch), for a
   * delivery that carries none of its own; null: none.
   */
  escalationOf(delivery: NotificationDelivery): EscalationRule | null;
}

/**
 * People's per-source, per-channel switches as firing applies them (port owned by delivery,
 * implemented by the preferences module's `StoredChannelPreferences`). Read once per firing
 * batch, inside the firing transaction.
 */
export interface ChannelPreferences {
  /** The filter for these deliveries' recipients (one read; none when `deliveries` is empty). */
  filterFor(scope: Scope, deliveries: readonly NotificationDelivery[]): Promise<ChannelFilter>;
}
