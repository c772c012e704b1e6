import { type NotificationJson, type Page } from '@tickler/notifications';
import { tickler, ticklerJson, useDaemon } from './support/processes';

const run = useDaemon();

/** Today's date in a zone, `YYYY-MM-DD`. */
function todayIn(zone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());
}

describe('times a person can trust (built binary against a real daemon)', () => {
  it('echoes how far off the time is: "in 10 days"', async () => {
    const line = await tickler(
      ['--user', 't1', 'remind', 'renew passport', '--in', '10d'],
      run.env,
    );
    expect(line.stdout).toMatch(/\(in 10 days\) {2}renew passport\n$/);
  });

  it('--dry-run resolves and prints without scheduling anything', async () => {
    const dry = await tickler(
      ['--user', 't2', 'remind', 'water plants', '--at', '2099-05-01T08:00:00Z', '--dry-run'],
      { ...run.env, TZ: 'UTC' },
    );
    expect(dry).toMatchObject({ code: 0, stderr: '' });
    expect(dry.stdout).toMatch(
      /^would schedule {2}Fri 1 May 2099 08:00 \(in \d+ days\) {2}water plants\n$/,
    );
    const json = await ticklerJson<{ dryRun: boolean; scheduledAt: string }>(
      ['--user', 't2', 'remind', 'water plants', '--at', '2099-05-01T08:00:00Z', '--dry-run'],
      run.env,
    );
    expect(json).toMatchObject({ dryRun: true, scheduledAt: '2099-05-01T08:00:00.000Z' });
    const listed = await ticklerJson<Page<NotificationJson>>(
      ['--user', 't2', 'list', '--all'],
      run.env,
    );
    expect(listed.items).toEqual([]);
    // A preview needs no daemon at all.
    const offline = await tickler(['remind', 'x', '--in', '5m', '--dry-run'], {
      ...run.env,
      TICKLER_PORT: '1',
      TICKLER_DB: '/nonexistent/tickler.db',
    });
    expect(offline.code).toBe(0);
    expect(offline.stdout).toMatch(/^would schedule .* \(in 5 minutes\) {2}x\n$/);
  });

  it('"tomorrow" alone is 09:00, says so, and TICKLER_DEFAULT_TIME changes it', async () => {
    const zone = 'Asia/Tokyo';
    const tomorrowUtcMidnight = Date.parse(`${todayIn(zone)}T00:00:00Z`) + 86_400_000;
    const nine = await tickler(['--json', '--user', 't3', 'remind', 'call', '--at', 'tomorrow'], {
      ...run.env,
      TZ: zone,
    });
    expect(nine.code).toBe(0);
    // 09:00 in Tokyo (+09:00) is 00:00 UTC that day.
    expect((JSON.parse(nine.stdout) as NotificationJson).scheduledAt).toBe(
      new Date(tomorrowUtcMidnight).toISOString(),
    );
    expect(nine.stderr).toBe(
      'tickler: note: no time of day given: 09:00 (set TICKLER_DEFAULT_TIME to change it)\n',
    );
    const seven = await ticklerJson<NotificationJson>(
      ['--user', 't3', 'remind', 'run', '--at', 'tomorrow'],
      {
        ...run.env,
        TZ: zone,
        TICKLER_DEFAULT_TIME: '07:30',
      },
    );
    expect(seven.scheduledAt).toBe(new Date(tomorrowUtcMidnight - 90 * 60_000).toISOString());
    const bad = await tickler(['remind', 'x', '--at', 'tomorrow', '--dry-run'], {
      ...run.env,
      TICKLER_DEFAULT_TIME: '25:00',
    });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^tickler: TICKLER_DEFAULT_TIME: must be a time of day/);
  });

  it('warns when a local time fell into a DST gap and was moved', async () => {
    // 29 March 2099 is the last Sunday of March: Berlin skips 02:00–03:00.
    const run1 = await tickler(
      ['--user', 't4', 'remind', 'gap', '--at', '2099-03-29 02:30', '--dry-run'],
      { ...run.env, TZ: 'Europe/Berlin' },
    );
    expect(run1.code).toBe(0);
    expect(run1.stderr).toBe(
      'tickler: note: that local time does not exist in Europe/Berlin (the clocks jump forward): moved 60 minutes later, to 2099-03-29 03:30\n',
    );
    expect(run1.stdout).toMatch(/^would schedule {2}Sun 29 Mar 2099 03:30 /);
  });
});
