import { type NotificationJson } from '@tickler/notifications';
import { tickler, useDaemon } from './support/processes';

const shared = useDaemon();

describe('tickler remind --every / --rrule (built binary against a real daemon)', () => {
  it('"weekday 09:00" makes a series in the local zone whose first occurrence is the next weekday 09:00', async () => {
    const run = await tickler(
      ['--json', '--user', 'berlin', 'remind', 'stand-up', '--every', 'weekday 09:00'],
      { ...shared.env, TZ: 'Europe/Berlin' },
    );
    expect(run.code).toBe(0);
    const delivery = JSON.parse(run.stdout) as NotificationJson;
    expect(delivery.repeat).toMatchObject({
      rule: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;BYHOUR=9;BYMINUTE=0',
      timeZone: 'Europe/Berlin',
      description: 'every weekday at 09:00',
    });
    const local = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Berlin',
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
    }).format(new Date(delivery.scheduledAt!));
    expect(local).toMatch(/^(Mon|Tue|Wed|Thu|Fri) 09:00$/);
    expect(Date.parse(delivery.scheduledAt!)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('"every 2 hours" counts from the hour of --at; "monthly on the 1st 9am" takes the 1st', async () => {
    const env = { ...shared.env, TZ: 'Europe/Berlin' };
    const hours = await tickler(
      [
        '--json',
        '--user',
        'berlin',
        'remind',
        'water',
        '--every',
        'every 2 hours',
        '--at',
        '2030-01-02T09:15:00+01:00',
      ],
      env,
    );
    expect(hours.code).toBe(0);
    expect((JSON.parse(hours.stdout) as NotificationJson).repeat).toMatchObject({
      rule: 'FREQ=DAILY;BYHOUR=1,3,5,7,9,11,13,15,17,19,21,23',
      description: 'every 2 hours at :15 (01:15, 03:15, …)',
    });
    const plain = await tickler(
      ['--user', 'berlin', 'remind', 'rent', '--every', 'monthly on the 1st 9am'],
      env,
    );
    expect(plain.code).toBe(0);
    expect(plain.stdout).toMatch(
      / 1 \w+( \d{4})? 09:00 .* rent {2}\(monthly on the 1st at 09:00\)\n$/,
    );
    const odd = await tickler(['--user', 'berlin', 'remind', 'x', '--every', 'every 5 hours'], env);
    expect(odd).toMatchObject({ code: 2 });
    expect(odd.stderr).toContain('does not divide a day');
  });

  it('--rrule goes to the daemon as is; a bad one is its 400 naming repeat.rule, and both flags are a usage error', async () => {
    const ok = await tickler(
      [
        '--json',
        '--user',
        'berlin',
        'remind',
        'bins',
        '--rrule',
        'FREQ=WEEKLY;BYDAY=TU',
        '--at',
        '2030-01-01T19:00:00+01:00',
      ],
      { ...shared.env, TZ: 'Europe/Berlin' },
    );
    expect(ok.code).toBe(0);
    expect((JSON.parse(ok.stdout) as NotificationJson).repeat?.rule).toBe('FREQ=WEEKLY;BYDAY=TU');
    const bad = await tickler(
      ['--user', 'berlin', 'remind', 'x', '--rrule', 'FREQ=HOURLY'],
      shared.env,
    );
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('repeat.rule');
    const both = await tickler(
      ['--user', 'berlin', 'remind', 'x', '--every', 'daily 9:00', '--rrule', 'FREQ=DAILY'],
      shared.env,
    );
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('--every or --rrule');
  });

  it("edit --every turns a one-off into a series from the next match; --rrule restarts it; a bad rule is the daemon's 400", async () => {
    const berlin = { ...shared.env, TZ: 'Europe/Berlin' };
    const made = await tickler(
      ['--json', '--user', 'editor', 'remind', 'water', '--at', 'tomorrow 15:00'],
      berlin,
    );
    expect(made.code).toBe(0);
    const id = (JSON.parse(made.stdout) as NotificationJson).id;

    const every = await tickler(
      ['--json', '--user', 'editor', 'edit', id, '--every', 'weekday 09:00'],
      berlin,
    );
    expect(every.code).toBe(0);
    const series = JSON.parse(every.stdout) as NotificationJson;
    expect(series.repeat).toMatchObject({
      rule: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;BYHOUR=9;BYMINUTE=0',
      timeZone: 'Europe/Berlin',
    });
    const local = (iso: string) =>
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Europe/Berlin',
        weekday: 'short',
        hour: '2-digit',
        minute: '2-digit',
      }).format(new Date(iso));
    // The next weekday 09:00 from now, not the row's old 15:00.
    expect(local(series.scheduledAt!)).toMatch(/^(Mon|Tue|Wed|Thu|Fri) 09:00$/);
    expect(Date.parse(series.scheduledAt!) - Date.now()).toBeLessThanOrEqual(4 * 86_400_000);

    const rrule = await tickler(
      [
        '--json',
        '--user',
        'editor',
        'edit',
        series.id,
        '--rrule',
        'FREQ=DAILY;BYHOUR=7;BYMINUTE=30',
      ],
      berlin,
    );
    expect(rrule.code).toBe(0);
    const daily = JSON.parse(rrule.stdout) as NotificationJson;
    expect(daily.repeat?.rule).toBe('FREQ=DAILY;BYHOUR=7;BYMINUTE=30');
    expect(local(daily.scheduledAt!)).toMatch(/ 07:30$/);

    const bad = await tickler(
      ['--user', 'editor', 'edit', daily.id, '--rrule', 'FREQ=HOURLY'],
      berlin,
    );
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('repeat.rule');
    const both = await tickler(
      ['--user', 'editor', 'edit', daily.id, '--every', 'daily 9:00', '--rrule', 'FREQ=DAILY'],
      berlin,
    );
    expect(both.code).toBe(2);
  });
});
