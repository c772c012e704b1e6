import { api } from './client';
import { type Subscription, type SubscriptionList } from './openapi.gen';

/** One of the user's channel targets (`GET /v1/users/{userId}/subscriptions`). */
export type { Subscription } from './openapi.gen';

/** The user's subscriptions (a person has a handful: one list, no paging). */
export async function listSubscriptions(userId: string): Promise<Subscription[]> {
  const list = await api<SubscriptionList>(
    'GET',
    `/v1/users/${encodeURIComponent(userId)}/subscriptions`,
  );
  return list.items;
}

/** The ones a reminder can reach now. */
export function usable(subscriptions: readonly Subscription[]): Subscription[] {
  return subscriptions.filter((s) => s.active && s.pausedAt === null);
}
