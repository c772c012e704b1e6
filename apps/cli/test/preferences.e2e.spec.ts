import { tickler, useDaemon } from './support/processes';

// Issue 33 item 1: `tickler preferences` shows the switches, `preferences set` changes them;
// item 2: `set --escalate <after>:<channel>` / `--no-escalate` set and clear a source's
// escalation, which the table shows on the source's inbox switch.

const shared = useDaemon();

describe('tickler preferences (built binary against a real daemon)', () => {
  it('shows everything on, turns channels off for a source, then shows them', async () => {
    const empty = await tickler(['--user', 'pia', 'preferences'], shared.env);
    expect(empty.code).toBe(0);
    expect(empty.stdout).toContain('No switches set: every other source and channel: on.');
    const set = await tickler(
      [
        '--user',
        'pia',
        'preferences',
        'set',
        '--source',
        'calendar',
        '--channel',
        'push',
        '--channel',
        'email',
        'off',
      ],
      shared.env,
    );
    expect(set.stderr).toBe('');
    expect(set.code).toBe(0);
    const shown = await tickler(['--user', 'pia', 'preferences', 'show'], shared.env);
    expect(shown.stdout).toMatch(/^calendar\s+email\s+off$/m);
    expect(shown.stdout).toMatch(/^calendar\s+push\s+off$/m);
    const json = await tickler(
      [
        '--json',
        '--user',
        'pia',
        'preferences',
        'set',
        '--source',
        '@person',
        '--channel',
        'inbox',
        'on',
      ],
      shared.env,
    );
    expect(JSON.parse(json.stdout)).toMatchObject({
      userId: 'pia',
      preferences: [
        { source: '@person', channel: 'inbox', enabled: true },
        { source: 'calendar', channel: 'email', enabled: false },
        { source: 'calendar', channel: 'push', enabled: false },
      ],
    });
  });

  it('refuses an unknown channel in one line naming it, and a state other than on/off as usage', async () => {
    const fax = await tickler(
      ['--user', 'pia', 'preferences', 'set', '--source', 'calendar', '--channel', 'fax', 'off'],
      shared.env,
    );
    expect(fax.code).toBe(1);
    expect(fax.stderr.trim().split('\n')).toHaveLength(1);
    expect(fax.stderr).toContain('preferences.0.channel');
    const maybe = await tickler(
      ['--user', 'pia', 'preferences', 'set', '--source', 'calendar', '--channel', 'push', 'maybe'],
      shared.env,
    );
    expect(maybe.code).toBe(2);
    expect(maybe.stderr).toContain('not on or off');
  });

  it("sets a source's escalation on its inbox switch without flipping it, shows it, clears it", async () => {
    const set = (...words: string[]) =>
      tickler(['--user', 'ola', 'preferences', 'set', '--source', 'chores', ...words], shared.env);
    const first = await set('--escalate', '1h:email');
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^source\s+channel\s+state\s+escalation$/m);
    expect(first.stdout).toMatch(/^chores\s+inbox\s+on\s+after 1h by email$/m);

    // Turning the inbox off keeps the escalation; a new escalation keeps the inbox off.
    expect((await set('--channel', 'inbox', 'off')).stdout).toMatch(
      /^chores\s+inbox\s+off\s+after 1h by email$/m,
    );
    expect((await set('--escalate', '90m:webhook')).stdout).toMatch(
      /^chores\s+inbox\s+off\s+after 90m by webhook$/m,
    );
    const shown = await tickler(['--json', '--user', 'ola', 'preferences'], shared.env);
    expect(JSON.parse(shown.stdout)).toMatchObject({
      preferences: [
        {
          source: 'chores',
          channel: 'inbox',
          enabled: false,
          escalate: { after: '90m', channel: 'webhook' },
        },
      ],
    });

    const cleared = await set('--no-escalate');
    expect(cleared.code).toBe(0);
    expect(cleared.stdout).toMatch(/^chores\s+inbox\s+off$/m);

    // With other channels in the same line: those switches, and the escalation on the inbox's.
    const both = await tickler(
      ['--json', '--user', 'ola', 'preferences', 'set', '--source', '@person'].concat([
        '--channel',
        'push',
        'off',
        '--escalate',
        '30m:ntfy',
      ]),
      shared.env,
    );
    expect(both.code).toBe(0);
    expect(JSON.parse(both.stdout)).toMatchObject({
      preferences: [
        { source: '@person', channel: 'inbox', enabled: true, escalate: { after: '30m' } },
        { source: '@person', channel: 'push', enabled: false, escalate: null },
        { source: 'chores', channel: 'inbox', enabled: false, escalate: null },
      ],
    });
  });

  it('refuses a bad --escalate naming the flag, and a set with nothing to set as usage', async () => {
    const set = (...words: string[]) =>
      tickler(['--user', 'ola', 'preferences', 'set', '--source', 'chores', ...words], shared.env);
    const bare = await set('--escalate', '1h');
    expect(bare.code).toBe(2);
    expect(bare.stderr).toContain('--escalate takes <after>:<channel>');
    const short = await set('--escalate', '10s:email');
    expect(short.code).toBe(1);
    expect(short.stderr.trim().split('\n')).toHaveLength(1);
    expect(short.stderr).toContain('--escalate 10s:email');
    expect(short.stderr).toContain('preferences.0.escalate.after');
    const inbox = await set('--escalate', '1h:inbox');
    expect(inbox.code).toBe(1);
    expect(inbox.stderr).toContain('--escalate 1h:inbox');
    expect(inbox.stderr).toContain('escalate.channel');
    const nothing = await set();
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toContain('nothing to set');
    const noChannel = await set('off');
    expect(noChannel.code).toBe(2);
    expect(noChannel.stderr).toContain('--channel');
    const noState = await set('--channel', 'push');
    expect(noState.code).toBe(2);
    expect(noState.stderr).toContain('on or off');
  });
});
