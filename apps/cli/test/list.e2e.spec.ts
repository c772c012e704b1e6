import { type NotificationJson, type Page } from '@tickler/notifications';
import { tickler, ticklerJson, useDaemon } from './support/processes';
import { adminApi, remindOverHttp } from './support/setup-over-http';

const run = useDaemon();

describe('tickler list (built binary against a real daemon)', () => {
  it('shows upcoming reminders soonest first by default; --all and --status show the rest', async () => {
    const env = run.env;
    const as = (args: string[]) => ['--user', 'lister', ...args];
    // The reminders `list` shows are made over HTTP: this test is about list, not remind.
    const api = adminApi(run.daemon);
    const later = await remindOverHttp(api, 'lister', 'later', 3 * 3_600_000);
    const soon = await remindOverHttp(api, 'lister', 'soon', 3_600_000);
    const gone = await remindOverHttp(api, 'lister', 'gone', 2 * 3_600_000);
    expect((await api.post(`/v1/users/lister/notifications/${gone.id}/cancel`)).status).toBe(200);

    const upcoming = await ticklerJson<Page<NotificationJson>>(as(['list']), env);
    expect(upcoming.items.map((n) => n.title)).toEqual(['soon', 'later']);
    const table = await tickler(as(['list']), env);
    expect(table.stdout.indexOf('soon')).toBeLessThan(table.stdout.indexOf('later'));
    expect(table.stdout).not.toContain('gone');

    const all = await ticklerJson<Page<NotificationJson>>(as(['list', '--all']), env);
    expect(all.items.map((n) => n.title)).toEqual(['soon', 'gone', 'later']);
    const canceled = await ticklerJson<Page<NotificationJson>>(
      as(['list', '--status', 'canceled']),
      env,
    );
    expect(canceled.items.map((n) => n.id)).toEqual([gone.id]);
    expect(later.status).toBe('scheduled');
    expect(soon.status).toBe('scheduled');

    const both = await tickler(as(['list', '--all', '--status', 'sent']), env);
    expect(both).toMatchObject({ code: 2, stderr: 'tickler: give --all or --status, not both\n' });
    const nothing = await tickler(['--user', 'nobody-lists', 'list'], env);
    expect(nothing.stdout).toBe('no upcoming reminders (tickler list --all shows the others)\n');
  });

  it('--since keeps what is at or after the instant it names', async () => {
    const env = run.env;
    const as = (args: string[]) => ['--user', 'sincer', ...args];
    const api = adminApi(run.daemon);
    await remindOverHttp(api, 'sincer', 'far', '2099-03-01T09:00:00Z');
    await remindOverHttp(api, 'sincer', 'farther', '2099-06-01T09:00:00Z');
    const since = await ticklerJson<Page<NotificationJson>>(
      as(['list', '--since', '2099-04-01T00:00:00Z']),
      env,
    );
    expect(since.items.map((n) => n.title)).toEqual(['farther']);
    const back = await ticklerJson<Page<NotificationJson>>(as(['list', '--since', '2d']), env);
    expect(back.items.map((n) => n.title)).toEqual(['far', 'farther']);
    const bad = await tickler(as(['list', '--since', 'soonish']), env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^tickler: --since: cannot understand "soonish"/);
  });

  it('the "more:" hint keeps every filter it was given, and following it pages on', async () => {
    const env = run.env;
    const as = (args: string[]) => ['--user', 'pager', ...args];
    const api = adminApi(run.daemon);
    for (const title of ['p1', 'p2', 'p3']) {
      // Sent at once (no scheduledAt): what `remind` then `send-now` leaves for list --status sent.
      await remindOverHttp(api, 'pager', title);
    }
    const first = await tickler(
      as(['list', '--status', 'sent', '--limit', '2', '--since', '2026-01-01T00:00:00Z']),
      env,
    );
    expect(first.code).toBe(0);
    const more = /^more: (tickler .*)$/m.exec(first.stdout)?.[1];
    expect(more).toMatch(
      /^tickler --user pager list --status sent --since 2026-01-01T00:00:00\.000Z --limit 2 --cursor \S+$/,
    );
    // The hint pastes: its words (no quoting needed here) run the next page.
    const next = await tickler(['--json', ...more!.split(' ').slice(1)], env);
    const page = JSON.parse(next.stdout) as Page<NotificationJson>;
    expect(page.items.map((n) => n.title)).toEqual(['p3']);
    expect(page.nextCursor).toBeNull();
  });
});
