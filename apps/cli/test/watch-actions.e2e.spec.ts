import fs from 'node:fs';
import path from 'node:path';
import { envFor, type RunningDaemon, startDaemon } from './support/processes';
import { CliProcess } from './support/watch-process';

// Issue 31: the desktop popups of `watch` carry Snooze and Done where the notifier has buttons
// (libnotify's notify-send ≥ 0.7.9 prints the pressed button's key), as the web push does.

const TOKEN = 'watch-actions-admin-token-0123456789';
const headers = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };

async function sendNow(url: string, user: string, title: string): Promise<string> {
  const response = await fetch(`${url}/v1/users/${user}/notifications`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ title, message: '' }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/**
 * A `notify-send` 0.8 stand-in on PATH: logs its arguments and "presses" Done on the first
 * popup and Snooze on the second, printing the key as notify-send does.
 */
function buttonsStandIn(): { bin: string; log: string } {
  const bin = fs.mkdtempSync(path.join(process.env.TICKLER_E2E_ROOT!, 'bin-'));
  const log = path.join(bin, 'notify.log');
  const script = [
    '#!/bin/sh',
    '[ "$1" = --version ] && echo "notify-send 0.8.1" && exit 0',
    `for a in "$@"; do printf '[%s]' "$a"; done >> "${log}"`,
    `echo >> "${log}"`,
    `[ "$(wc -l < "${log}")" -eq 1 ] && echo done || echo snooze`,
  ].join('\n');
  fs.writeFileSync(path.join(bin, 'notify-send'), `${script}\n`, { mode: 0o700 });
  return { bin, log };
}

let daemon: RunningDaemon;
beforeAll(async () => {
  daemon = await startDaemon({ TICKLER_ADMIN_TOKEN: TOKEN });
});
afterAll(async () => {
  await daemon.stop();
});

describe('tickler watch: popup buttons (built binary against a real daemon)', () => {
  it('Done reads the inbox item; Snooze asks for it again in 10 minutes', async () => {
    const { bin, log } = buttonsStandIn();
    const watch = new CliProcess(['--user', 'buttons', 'watch'], {
      ...envFor(daemon),
      TICKLER_ADMIN_TOKEN: TOKEN,
      PATH: `${bin}${path.delimiter}${process.env.PATH}`,
    });
    await watch.until(() => watch.stderr.includes('connected to'), 'connecting');

    const tea = await sendNow(daemon.url, 'buttons', 'tea');
    await watch.until(() => watch.stdout.includes('done: “tea” (read)'), 'Done answered');
    const nap = await sendNow(daemon.url, 'buttons', 'nap');
    await watch.until(() => watch.stdout.includes('snoozed “nap” for 10 minutes'), 'Snooze');
    expect(fs.readFileSync(log, 'utf8').split('\n').filter(Boolean)).toEqual([
      '[--app-name=Tickler][--action=snooze=Snooze 10 min][--action=done=Done][--][tea][]',
      '[--app-name=Tickler][--action=snooze=Snooze 10 min][--action=done=Done][--][nap][]',
    ]);

    const inbox = await fetch(`${daemon.url}/v1/users/buttons/inbox`, { headers });
    const items = ((await inbox.json()) as { items: { id: string; readAt: string | null }[] })
      .items;
    expect(items.find((i) => i.id === tea)?.readAt).toEqual(expect.any(String));
    expect(items.find((i) => i.id === nap)?.readAt).toEqual(expect.any(String));
    const scheduled = await fetch(`${daemon.url}/v1/users/buttons/notifications?status=scheduled`, {
      headers,
    });
    const again = (await scheduled.json()) as {
      items: { title: string; snoozedFrom: string | null; scheduledAt: string }[];
    };
    expect(again.items).toEqual([expect.objectContaining({ title: 'nap', snoozedFrom: nap })]);
    const inMs = Date.parse(again.items[0]!.scheduledAt) - Date.now();
    expect(inMs).toBeGreaterThan(8 * 60_000);
    expect(inMs).toBeLessThanOrEqual(10 * 60_000);
    expect(await watch.stop()).toEqual({ code: 0, signal: null });
  });
});
