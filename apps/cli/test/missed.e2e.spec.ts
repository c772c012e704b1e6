import fs from 'node:fs';
import path from 'node:path';
import { type InboxItemJson, type NotificationJson, type Page } from '@tickler/notifications';
import { fellDueWhileDown } from './support/fell-due-while-down';
import { startDaemon, tickler } from './support/processes';
import { CliProcess } from './support/watch-process';

const TOKEN = 'missed-test-admin-token-0123456789';

describe('tickler missed and the catch-up notice (built binary, real daemon, real restart)', () => {
  it('after downtime past the grace window: missed lists them, the inbox and watch show one notice', async () => {
    const first = await startDaemon({ TICKLER_ADMIN_TOKEN: TOKEN, TICKLER_GRACE: '1s' });
    const env = {
      TICKLER_URL: first.url,
      TICKLER_ADMIN_TOKEN: TOKEN,
      TICKLER_USER: 'sleeper',
      TICKLER_DB: first.dbFile,
    };
    const bin = fs.mkdtempSync(path.join(process.env.TICKLER_E2E_ROOT!, 'bin-'));
    const log = path.join(bin, 'notify.log');
    fs.writeFileSync(
      path.join(bin, 'notify-send'),
      // An older libnotify (no buttons): each popup is one line of its arguments.
      `#!/bin/sh\n[ "$1" = --version ] && echo "notify-send 0.7.8" && exit 0\nprintf '%s|' "$@" >> "${log}"\n`,
      { mode: 0o700 },
    );
    const watch = new CliProcess(['watch'], {
      ...env,
      PATH: `${bin}${path.delimiter}${process.env.PATH}`,
    });
    await watch.until(() => watch.stderr.includes('connected to'), 'connecting');

    // Due an hour ahead (scheduled over HTTP, not by spawning tickler: seconds each here under
    // load). The stream carries their `scheduled` events to watch before the daemon ends it.
    const due = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled: NotificationJson[] = [];
    for (const title of ['take the bins out', 'call mum']) {
      const response = await fetch(`${first.url}/v1/users/sleeper/notifications`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ title, message: '', scheduledAt: due }),
      });
      expect(response.status).toBe(201);
      scheduled.push((await response.json()) as NotificationJson);
    }
    await first.stop();

    // Downtime the test does not wait for, written while the daemon is down: both fell due ten
    // minutes ago, far past the 1 s grace (no real-time margin to lose on a loaded machine).
    const fellDue = new Date(Date.now() - 10 * 60_000).toISOString();
    expect(
      await fellDueWhileDown(
        first.dbFile,
        scheduled.map((n) => n.id),
        fellDue,
      ),
    ).toBe(2);
    const second = await startDaemon({
      TICKLER_ADMIN_TOKEN: TOKEN,
      TICKLER_GRACE: '1s',
      TICKLER_DB: first.dbFile,
      TICKLER_PORT: first.port,
    });
    try {
      // watch resumes into the new process: a gap, then its window, the notice included.
      await watch.until(
        () => fs.existsSync(log) && fs.readFileSync(log, 'utf8').includes('missed while'),
        'the notice as a desktop notification',
      );
      expect(watch.stdout).toMatch(
        /^\d\d:\d\d {2}2 reminders were missed while Tickler was off — • take the bins out$/m,
      );
      expect(fs.readFileSync(log, 'utf8')).toBe(
        '--app-name=Tickler|--|2 reminders were missed while Tickler was off|• take the bins out • call mum|',
      );

      const missed = await tickler(['missed'], env);
      expect(missed.code).toBe(0);
      const rows = missed.stdout.split('\n');
      expect(rows[0]).toMatch(/^ID\s+WAS DUE \(local\)\s+WHY\s+TITLE$/);
      expect(rows.slice(1).filter(Boolean)).toEqual([
        expect.stringMatching(
          new RegExp(`^${scheduled[0]!.id}\\s.+\\stoo-late\\s+take the bins out$`),
        ),
        expect.stringMatching(new RegExp(`^${scheduled[1]!.id}\\s.+\\stoo-late\\s+call mum$`)),
      ]);
      const inbox = JSON.parse(
        (await tickler(['--json', 'inbox'], env)).stdout,
      ) as Page<InboxItemJson>;
      expect(inbox.items).toEqual([
        expect.objectContaining({
          title: '2 reminders were missed while Tickler was off',
          message: '• take the bins out\n• call mum',
        }),
      ]);
      expect(await watch.stop()).toEqual({ code: 0, signal: null });
    } finally {
      await second.stop();
    }
  }, 240_000);
});
