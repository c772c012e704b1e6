import fs from 'node:fs';
import path from 'node:path';
import { type NotificationJson } from '@tickler/notifications';
import { tickler, useDaemon } from './support/processes';

// Issue 13: `tickler snooze <id> 10m` schedules the inbox item's content again.

const shared = useDaemon();

describe('tickler snooze (built binary against a real daemon)', () => {
  it('snoozes an inbox item by 10 minutes', async () => {
    // An immediate reminder straight over HTTP: its inbox row exists when the answer arrives.
    const token = fs.readFileSync(path.join(shared.daemon.dir, 'admin.token'), 'utf8').trim();
    const response = await fetch(`${shared.daemon.url}/v1/users/sam/notifications`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'stretch', message: '' }),
    });
    const id = ((await response.json()) as NotificationJson).inboxId!;
    // The short id `tickler inbox` prints (issue 31: it was a 404).
    const run = await tickler(['--user', 'sam', 'snooze', id.slice(-6), '10m'], shared.env);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /^snoozed [0-9a-f]{6} {2}\w{3} \d+ \w{3}( \d{4})? \d{2}:\d{2} {2}stretch$/m,
    );
    const bad = await tickler(['--user', 'sam', 'snooze', id, '10'], shared.env);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('for');
  });
});
