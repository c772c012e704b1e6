import { type NotificationJson } from '@tickler/notifications';
import { tickler, ticklerJson, useDaemon } from './support/processes';
import { adminApi, remindOverHttp } from './support/setup-over-http';

const run = useDaemon();

const tail = (id: string): string => id.replace(/-/g, '').slice(-6);

describe('short ids and --last (built binary against a real daemon)', () => {
  it('remind prints one line with the short id; --verbose prints the rest', async () => {
    const line = await tickler(
      ['--user', 'ids1', 'remind', 'stretch your legs', '--in', '2d'],
      run.env,
    );
    expect(line.code).toBe(0);
    expect(line.stdout).toMatch(
      /^scheduled ([0-9a-f]{6}) {2}\w{3} \d{1,2} \w{3}( \d{4})? \d{2}:\d{2} \(in 2 days\) {2}stretch your legs\n$/,
    );
    const verbose = await tickler(
      ['--user', 'ids1', '--verbose', 'remind', 'call mum', '--in', '10m'],
      run.env,
    );
    expect(verbose.stdout).toMatch(/^Scheduling for .+ = \d{4}-\d{2}-\d{2}T[\d:.]+Z UTC$/m);
    expect(verbose.stdout).toMatch(/^Scheduled [0-9a-f-]{36}$/m);
    expect(verbose.stdout).toMatch(/^title\s+call mum$/m);
  });

  it('acts on a notification by its printed short id, a prefix or suffix, or --last', async () => {
    const env = run.env;
    // Made over HTTP: the ids are what this test is about, not remind (the test above).
    const api = adminApi(run.daemon);
    const a = await remindOverHttp(api, 'ids2', 'alpha', 2 * 3_600_000);
    const b = await remindOverHttp(api, 'ids2', 'bravo', 3 * 3_600_000);

    const list = await tickler(['--user', 'ids2', 'list'], env);
    expect(list.stdout).toMatch(new RegExp(`^${tail(a.id)}\\s+scheduled\\s.*alpha$`, 'm'));
    expect(list.stdout).not.toContain(a.id);

    const shown = await ticklerJson<NotificationJson>(['--user', 'ids2', 'show', tail(a.id)], env);
    expect(shown.id).toBe(a.id);
    const bySuffix = await ticklerJson<NotificationJson>(
      ['--user', 'ids2', 'show', a.id.replace(/-/g, '').slice(-4).toUpperCase()],
      env,
    );
    expect(bySuffix.id).toBe(a.id);
    const byPrefix = await ticklerJson<NotificationJson>(
      ['--user', 'ids2', 'show', b.id.replace(/-/g, '').slice(0, 12)],
      env,
    );
    expect(byPrefix.id).toBe(b.id);

    const last = await tickler(['--user', 'ids2', 'cancel', '--last'], env);
    expect(last.code).toBe(0);
    expect(last.stdout).toMatch(
      new RegExp(`^canceled ${tail(b.id)} {2}.*\\(in (2 hours 59 minutes|3 hours)\\) {2}bravo\\n$`),
    );
    const edited = await tickler(
      ['--user', 'ids2', 'edit', tail(a.id), '--title', 'alpha two'],
      env,
    );
    expect(edited.stdout).toMatch(new RegExp(`^scheduled ${tail(a.id)} .* {2}alpha two\\n$`));
  });

  it('refuses an ambiguous id in one line listing the candidates (exit 2), an unknown one with exit 1', async () => {
    const env = run.env;
    const api = adminApi(run.daemon);
    const a = await remindOverHttp(api, 'ids3', 'one', 2 * 3_600_000);
    const b = await remindOverHttp(api, 'ids3', 'two', 2 * 3_600_000);
    // UUIDv7 ids made close together share their time prefix. Its length varies: 8 digits (the top
    // 32 bits of the millisecond clock) turn over every 65.5 s, and a run once made the two ids
    // on either side of such a turn. The digits both share (6 turn over every 4.7 h) name both.
    const hexA = a.id.replace(/-/g, '');
    const hexB = b.id.replace(/-/g, '');
    let shared = 0;
    while (shared < 12 && hexA[shared] === hexB[shared]) {
      shared++;
    }
    expect(shared).toBeGreaterThanOrEqual(4);
    const prefix = hexA.slice(0, shared);
    const ambiguous = await tickler(['--user', 'ids3', 'show', prefix], env);
    expect(ambiguous.code).toBe(2);
    expect(ambiguous.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(ambiguous.stderr).toMatch(
      new RegExp(`^tickler: ${prefix} is ambiguous: .*type more of the id\\n$`),
    );
    expect(ambiguous.stderr).toContain(`${a.id} "one"`);
    expect(ambiguous.stderr).toContain(`${b.id} "two"`);

    const unknown = await tickler(['--user', 'ids3', 'show', 'ffffffffffff'], env);
    expect(unknown).toMatchObject({ code: 1, stdout: '' });
    expect(unknown.stderr).toBe('tickler: no notification of ids3 matches ffffffffffff\n');
    const notAnId = await tickler(['--user', 'ids3', 'show', 'abc'], env);
    expect(notAnId.code).toBe(2);
    expect(notAnId.stderr).toMatch(/^tickler: "abc" is not an id: /);
    const both = await tickler(['--user', 'ids3', 'cancel', tail(a.id), '--last'], env);
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/^tickler: name one notification: its id .* or --last\n$/);
    const none = await tickler(['--user', 'nobody-here', 'show', '--last'], env);
    expect(none).toMatchObject({ code: 1, stderr: 'tickler: no notifications yet\n' });
  });
});
