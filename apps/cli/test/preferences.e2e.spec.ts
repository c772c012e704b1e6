import { tickler, useDaemon } from './support/processes';

// Issue 33 item 1: `tickler preferences` shows the switches, `preferences set` changes them.

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
});
