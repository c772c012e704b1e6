import { api } from './client';

/** One of the user's channel targets (`GET /v1/users/{userId}/subscriptions`), the fields used. */
export interface Subscription {
  id: string;
  /** `webhook`, `push`, `email` (or a kind added later). */
  kind: string;
  default: boolean;
  active: boolean;
  pausedAt: string | null;
  /** Push: the browser's endpoint. */
  endpoint?: string;
  /** Email: the address. */
  address?: string;
}

/** The user's subscriptions (a person has a handful: one list, no paging). */
export async function listSubscriptions(userId: string): Promise<Subscription[]> {
  const list = await api<{ items: Subscription[] }>(
    'GET',
    `/v1/users/${encodeURIComponent(userId)}/subscriptions`,
  );
  return list.items;
}

/** The ones a reminder can reach now. */
export function usable(subscriptions: readonly Subscription[]): Subscription[] {
  return subscriptions.filter((s) => s.active && s.pausedAt === null);
}
