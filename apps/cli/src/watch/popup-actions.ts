import { type DaemonClient } from '../client/daemon-client';
import { type PopupAction } from './desktop-notifier';

/** The buttons a delivered reminder's popup carries, as the web push notification does. */
export const REMINDER_ACTIONS: readonly PopupAction[] = [
  { key: 'snooze', label: 'Snooze 10 min' },
  { key: 'done', label: 'Done' },
];

/**
 * Does what a pressed button says for the delivered reminder `id` (its inbox item has the same
 * id): Snooze asks the daemon for it again in 10 minutes, Done marks it read. Answers the line
 * to print.
 */
export async function answerPopupAction(
  client: DaemonClient,
  userPath: string,
  id: string,
  title: string,
  key: string,
): Promise<string> {
  const item = `${userPath}/inbox/${encodeURIComponent(id)}`;
  if (key === 'snooze') {
    await client.call('POST', `${item}/snooze`, { for: '10m' });
    return `snoozed “${title}” for 10 minutes`;
  }
  await client.call('POST', `${item}/read`, {});
  return `done: “${title}” (read)`;
}
