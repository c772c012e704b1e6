import fs from 'node:fs';
import path from 'node:path';
import { type NotificationJson } from '@tickler/notifications';
import { Api } from '@tickler/testing';
import { type RunningDaemon } from './processes';

/**
 * The daemon's API with the admin token it wrote beside its database: for a test's setup that
 * is not what the test is about (the reminders a `list` or `read` test acts on). Each `tickler`
 * run is a process start — a fifth to half a second of CPU, seconds of a loaded machine — while
 * a request to the running daemon is milliseconds; the command under test still runs as built.
 */
export function adminApi(daemon: RunningDaemon): Api {
  return new Api(daemon.url, fs.readFileSync(path.join(daemon.dir, 'admin.token'), 'utf8').trim());
}

/**
 * Schedules `title` for `user` at `at` — milliseconds from now, or an RFC 3339 instant — or
 * sends it at once when `at` is undefined, as `tickler remind` would; fails on anything but 201.
 */
export async function remindOverHttp(
  api: Api,
  user: string,
  title: string,
  at?: number | string,
): Promise<NotificationJson> {
  const scheduledAt = typeof at === 'number' ? new Date(Date.now() + at).toISOString() : at;
  const res = await api.post<NotificationJson>(`/v1/users/${user}/notifications`, {
    title,
    message: '',
    ...(scheduledAt === undefined ? {} : { scheduledAt }),
  });
  if (res.status !== 201) {
    throw new Error(`schedule for ${user} failed: ${res.status} ${res.text}`);
  }
  return res.body;
}
