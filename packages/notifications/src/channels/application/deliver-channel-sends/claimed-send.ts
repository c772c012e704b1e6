import { type ChannelSend } from '../../domain/channel-send.entity';
import { type ChannelMessage, type ExternalChannel } from '../ports/delivery-channel.port';
import { type ChannelSubscription } from '../ports/subscription.repository';

/** A channel send claimed by this instance, with what its request needs. */
export interface ClaimedSend {
  readonly send: ChannelSend;
  /** The claim's fencing token (its settlement names it). */
  readonly token: string;
  readonly channel: ExternalChannel;
  readonly subscription: ChannelSubscription;
  readonly message: ChannelMessage;
}
