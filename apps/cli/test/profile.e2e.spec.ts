import { tickler, useDaemon } from './support/processes';

// Issue 13: `tickler profile` shows the profile with no flags and changes it with flags.

const shared = useDaemon();

describe('tickler profile (built binary against a real daemon)', () => {
  it('sets the zone and quiet hours, then shows them with no flags', async () => {
    const set = await tickler(
      ['--user', 'pia', 'profile', '--tz', 'Europe/Berlin', '--quiet', '22:00-07:00'],
      shared.env,
    );
    expect(set.stderr).toBe('');
    expect(set.code).toBe(0);
    const shown = await tickler(['--user', 'pia', 'profile'], shared.env);
    expect(shown.stdout).toMatch(/^time zone\s+Europe\/Berlin$/m);
    expect(shown.stdout).toMatch(/^quiet hours\s+22:00-07:00$/m);
    expect(shown.stdout).toMatch(/^digest\s+off$/m);
    const json = await tickler(
      ['--json', '--user', 'pia', 'profile', '--digest', '08:00'],
      shared.env,
    );
    expect(JSON.parse(json.stdout)).toMatchObject({
      timeZone: 'Europe/Berlin',
      quietHours: { start: '22:00', end: '07:00', days: null },
      digest: { mode: 'daily', at: '08:00' },
    });
  });

  it('refuses a bad zone in one line naming timeZone, and a malformed --quiet as usage', async () => {
    const zone = await tickler(['--user', 'pia', 'profile', '--tz', 'Mars/Base'], shared.env);
    expect(zone.code).toBe(1);
    expect(zone.stderr.trim().split('\n')).toHaveLength(1);
    expect(zone.stderr).toContain('timeZone');
    const quiet = await tickler(['--user', 'pia', 'profile', '--quiet', '22:00'], shared.env);
    expect(quiet.code).toBe(2);
    expect(quiet.stderr).toContain('--quiet');
  });
});
