import { inject, injectable } from 'inversify';
import {
  type ChannelFilter,
  type ChannelPreferences,
} from '../../delivery/application/ports/channel-preferences.port';
import { type NotificationDelivery } from '../../delivery/domain/notification-delivery.entity';
import { type Scope } from '../../shared/application/ports/scope';
import { NOTIFICATIONS_TOKENS } from '../../shared/notifications.tokens';
import { SourceEscalations, sourceNameOf, TurnedOff } from '../domain/channel-preference';
import { type PreferenceRepository } from './ports/preference.repository';

/** Everything on: the filter when no delivery is firing. */
const ALL_ON: ChannelFilter = {
  turnsAnythingOff: false,
  allows: () => true,
  escalationOf: () => null,
};

/**
 * Delivery's `ChannelPreferences` over the stored switches: one read of the switches turned off
 * or carrying an escalation of the batch's recipients; a delivery's source is its `source.app`, or `@person`.
 */
@injectable()
export class StoredChannelPreferences implements ChannelPreferences {
  constructor(
    @inject(NOTIFICATIONS_TOKENS.PreferenceRepository)
    private readonly preferences: PreferenceRepository,
  ) {}

  async filterFor(
    scope: Scope,
    deliveries: readonly NotificationDelivery[],
  ): Promise<ChannelFilter> {
    if (deliveries.length === 0) {
      return ALL_ON;
    }
    const stored = await this.preferences.firingFor(
      scope,
      deliveries.map((d) => d.recipientId),
    );
    if (stored.length === 0) {
      return ALL_ON;
    }
    const off = TurnedOff.of(stored);
    const escalations = SourceEscalations.of(stored);
    return {
      turnsAnythingOff: stored.some((p) => !p.enabled),
      allows: (delivery, channel) =>
        off.allows(delivery.recipientId, sourceNameOf(delivery.snapshot().source), channel),
      escalationOf: (delivery) =>
        escalations.of(delivery.recipientId, sourceNameOf(delivery.snapshot().source)),
    };
  }
}
