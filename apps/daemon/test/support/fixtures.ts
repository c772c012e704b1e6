import { type NotificationJson } from '@tickler/notifications';
import { type Api } from '@tickler/testing';

/** An instant `ms` from now, as the API wants it. */
export function inMs(ms: number): string {
  return new Date(Date.now() + ms).toISOString();
}

/** Schedules a notification far enough ahead that nothing fires during the test. */
export async function scheduleLater(
  api: Api,
  user: string,
  title = 'later',
): Promise<NotificationJson> {
  const res = await api.post<NotificationJson>(`/v1/users/${user}/notifications`, {
    title,
    message: 'm',
    scheduledAt: inMs(3_600_000),
  });
  if (res.status !== 201) {
    throw new Error(`schedule failed: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return res.body;
}

/** Sends a notification at once (it lands in the inbox). */
export async function sendNow(api: Api, user: string, title = 'now'): Promise<NotificationJson> {
  const res = await api.post<NotificationJson>(`/v1/users/${user}/notifications`, {
    title,
    message: 'm',
  });
  if (res.status !== 201) {
    throw new Error(`send failed: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return res.body;
}
