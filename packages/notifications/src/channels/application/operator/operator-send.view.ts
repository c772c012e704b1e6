import { type ChannelSendState } from '../../../shared/domain/channel-send.state';

/** One channel send as the operator sees it (`GET /v1/admin/sends`): never its target or secret. */
export interface OperatorSendView {
  readonly id: string;
  readonly notificationId: string;
  readonly recipientId: string;
  readonly channel: string;
  readonly subscriptionId: string | null;
  readonly status: ChannelSendState['status'];
  readonly attempts: number;
  readonly lastError: ChannelSendState['lastError'];
  /** Next attempt while `pending`, lease expiry while `sending`; null once settled. */
  readonly dueAt: string | null;
  readonly updatedAt: string;
}

/** The operator's view of a stored send. */
export function toOperatorSendView(s: ChannelSendState): OperatorSendView {
  return {
    id: s.id,
    notificationId: s.deliveryId,
    recipientId: s.recipientId,
    channel: s.channel,
    subscriptionId: s.subscriptionId,
    status: s.status,
    attempts: s.attempts,
    lastError: s.lastError,
    dueAt: s.dueAt,
    updatedAt: s.updatedAt,
  };
}
