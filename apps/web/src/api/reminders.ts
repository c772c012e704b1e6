import { api } from './client';
import {
  type InboxItem,
  type InboxPage,
  type Notification,
  type NotificationPage,
  type ResolvedWhen,
} from './types';
import { noteOwnChange } from './own-changes';

/** Notes the answer's id as this page's own change (its events need no reload), and passes it on. */
function own<T extends { id: string }>(answer: T): T {
  noteOwnChange(answer.id);
  return answer;
}

/** Pages read at most per list: 50 × 200 = 10,000 rows. */
const MAX_PAGES = 50;

const base = (userId: string) => `/v1/users/${encodeURIComponent(userId)}`;

/** One page of a status's reminders in send order, from `cursor` (null: the first page). */
export function listPage(
  userId: string,
  status: Notification['status'],
  cursor: string | null = null,
): Promise<NotificationPage> {
  const query = new URLSearchParams({ status, limit: '200' });
  if (cursor !== null) {
    query.set('cursor', cursor);
  }
  return api('GET', `${base(userId)}/notifications?${query.toString()}`);
}

/**
 * The rest of a status's reminders after `cursor`, in send order (at most {@link MAX_PAGES}
 * pages in all, counting the `pagesRead` already read).
 */
export async function listRest(
  userId: string,
  status: Notification['status'],
  cursor: string | null,
  pagesRead = 1,
): Promise<Notification[]> {
  const out: Notification[] = [];
  let next = cursor;
  for (let page = pagesRead; page < MAX_PAGES && next !== null; page += 1) {
    const result = await listPage(userId, status, next);
    out.push(...result.items);
    next = result.nextCursor;
  }
  return out;
}

/** Schedules a reminder for the signed-in user. */
export function schedule(
  userId: string,
  fields: {
    title: string;
    message: string;
    scheduledAt: string;
    url?: string | null;
    repeat?: { rule: string; timeZone: string } | undefined;
    channels?: string[] | undefined;
  },
): Promise<Notification> {
  // Only what was given: an absent field means the daemon's default (no repeat, default set).
  const body = Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== undefined && value !== null),
  );
  return api<Notification>('POST', `${base(userId)}/notifications`, body).then(own);
}

/**
 * Changes a person-made reminder's title and time, and with `repeat` its series' rule (the
 * daemon's PATCH takes a new repeat as an edit of the whole series).
 */
export function edit(
  userId: string,
  id: string,
  fields: { title: string; scheduledAt: string; repeat?: { rule: string; timeZone: string } },
): Promise<Notification> {
  return api<Notification>(
    'PATCH',
    `${base(userId)}/notifications/${encodeURIComponent(id)}`,
    fields,
  ).then(own);
}

/**
 * Cancels a scheduled reminder; of a repeating one, this occurrence (`this`, the daemon's
 * default too) or the whole `series`.
 */
export function cancel(
  userId: string,
  id: string,
  scope: 'this' | 'series' = 'this',
): Promise<Notification> {
  return api<Notification>(
    'POST',
    `${base(userId)}/notifications/${encodeURIComponent(id)}/cancel`,
    { scope },
  ).then(own);
}

/** Undoes a cancel (the daemon allows it for 10 minutes; not for an occurrence of a series). */
export function uncancel(userId: string, id: string): Promise<Notification> {
  return api<Notification>(
    'POST',
    `${base(userId)}/notifications/${encodeURIComponent(id)}/uncancel`,
    {},
  ).then(own);
}

/** The inbox, newest first (one page of 200). */
export async function listInbox(userId: string): Promise<InboxItem[]> {
  const page = await api<InboxPage>('GET', `${base(userId)}/inbox?limit=200`);
  return page.items;
}

/** Marks an inbox item read. */
export function markRead(userId: string, inboxId: string): Promise<InboxItem> {
  return api<InboxItem>(
    'POST',
    `${base(userId)}/inbox/${encodeURIComponent(inboxId)}/read`,
    {},
  ).then(own);
}

/**
 * Snoozes an inbox item on the daemon: the same reminder again `{ for: "10m" }` from now or
 * `{ until: "<RFC 3339>" }`, linked to the item, which is marked read in the same step.
 */
export function snooze(
  userId: string,
  inboxId: string,
  when: { for: string } | { until: string },
): Promise<Notification> {
  noteOwnChange(inboxId);
  return api<Notification>(
    'POST',
    `${base(userId)}/inbox/${encodeURIComponent(inboxId)}/snooze`,
    when,
  ).then(own);
}

/** The daemon's reading of a natural-language time in the browser's zone. */
export function parseWhen(when: string, timeZone: string): Promise<ResolvedWhen> {
  return api('POST', '/v1/time/parse', { when, timeZone });
}

/** The path of the user's live event stream (the session authenticates it). */
export function eventsPath(userId: string): string {
  return `${base(userId)}/events`;
}
