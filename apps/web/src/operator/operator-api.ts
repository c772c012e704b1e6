import { readAnswer } from '../api/client';
import {
  type ChannelState,
  type OperatorSend,
  type QueueInstants,
  type SubscriptionPause,
} from '../api/openapi.gen';

/** Everything the operator page shows, read in one go. */
export interface OperatorData {
  readonly failed: OperatorSend[];
  readonly stuck: OperatorSend[];
  readonly channels: ChannelState[];
  readonly subscriptions: SubscriptionPause[];
  readonly queue: QueueInstants;
}

/**
 * Calls a `/v1/admin` route with the admin token as a bearer. No cookie goes along
 * (`credentials: 'omit'`): the admin never has a session, and the person's own session on this
 * origin has nothing to do here. A bearer is not sent by the browser on its own, so the daemon's
 * Origin check (for the cookie) does not apply and needs no loosening.
 */
export async function adminCall<T>(
  token: string,
  method: 'GET' | 'POST',
  path: string,
): Promise<T> {
  const response = await fetch(path, {
    method,
    credentials: 'omit',
    headers: {
      authorization: `Bearer ${token}`,
      ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
    },
    body: method === 'POST' ? '{}' : undefined,
  });
  return readAnswer<T>(response);
}

/** Reads the failed and stuck sends, the channels, the paused subscriptions and the queue. */
export async function loadOperatorData(token: string): Promise<OperatorData> {
  const items = <T>(path: string) =>
    adminCall<{ items: T[] }>(token, 'GET', path).then((list) => list.items);
  const [failed, stuck, channels, subscriptions, queue] = await Promise.all([
    items<OperatorSend>('/v1/admin/sends?status=failed&limit=200'),
    items<OperatorSend>('/v1/admin/sends?status=stuck&limit=200'),
    items<ChannelState>('/v1/admin/channels'),
    items<SubscriptionPause>('/v1/admin/subscriptions'),
    adminCall<QueueInstants>(token, 'GET', '/v1/admin/queue'),
  ]);
  return { failed, stuck, channels, subscriptions, queue };
}
