import { Command } from '@tickler/core';

/** What the operator's queue view answers: when each of the context's two loops looks next. */
export interface QueueInstantsView {
  /** Earliest scheduled notification (ISO UTC): when the dispatcher fires next; null if none. */
  readonly nextDeliveryAt: string | null;
  /** Earliest live channel send (next attempt or a lease's expiry); null if none. */
  readonly nextSendAt: string | null;
}

/** The admin reads the queue's next instants (`GET /v1/admin/queue`). */
export class GetQueueInstants extends Command<QueueInstantsView> {
  static readonly type = 'notifications.operator.queue';
}
