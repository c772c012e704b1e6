import { type Transaction } from '@tickler/core';
import { inject, injectable } from 'inversify';
import { NOTIFICATIONS_TOKENS } from '../../shared/notifications.tokens';
import { ChannelSend } from '../domain/channel-send.entity';
import { type ChannelSendRepository } from './ports/channel-send.repository';
import { type ReadEscalations } from '../../delivery/application/ports/read-escalations.port';

/**
 * Settles the pending escalation sends of a notification whose inbox item was just read. A send
 * already claimed (`sending`) is left to its claim: the guarded write would lose to it anyway,
 * and the send loop's own check at claim time covers reads that come by another path.
 */
@injectable()
export class CancelReadEscalations implements ReadEscalations {
  constructor(
    @inject(NOTIFICATIONS_TOKENS.ChannelSendRepository)
    private readonly sends: ChannelSendRepository,
  ) {}

  async cancelFor(tx: Transaction, deliveryId: string, now: string): Promise<void> {
    for (const state of await this.sends.forDeliveries(tx, [deliveryId])) {
      if (!state.escalation || state.status !== 'pending') {
        continue;
      }
      const send = ChannelSend.rehydrate(state);
      send.cancelAsRead(now);
      await this.sends.save(tx, send, { status: 'pending', leaseToken: null });
    }
  }
}
