import fs from 'node:fs';
import path from 'node:path';
import { type InboxItemJson, type NotificationJson, type Page } from '@tickler/notifications';
import { eventually } from '@tickler/testing';
import { envFor, type RunningDaemon, startDaemon, tickler } from './support/processes';
import { adminApi, remindOverHttp } from './support/setup-over-http';

let daemon: RunningDaemon;
let env: Record<string, string | undefined>;

beforeAll(async () => {
  daemon = await startDaemon();
  env = envFor(daemon);
});

afterAll(async () => {
  await daemon.stop();
});

/** Runs tickler with --json and parses stdout. */
async function json<T>(args: string[], extra: Record<string, string | undefined> = {}): Promise<T> {
  const run = await tickler(['--json', ...args], { ...env, ...extra });
  if (run.code !== 0) {
    throw new Error(`tickler ${args.join(' ')} failed (${run.code}): ${run.stderr}`);
  }
  return JSON.parse(run.stdout) as T;
}

describe('tickler (built binary against a real daemon)', () => {
  it('finds the daemon and its admin token the way the daemon writes them, and reminds in 1 s', async () => {
    const run = await tickler(
      ['remind', 'stretch', 'your', 'legs', '--in', '1s', '--url', 'https://example.com/stretch'],
      env,
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    // One line: status, short id, local time, how far off, title. On a loaded machine the
    // second may be over before the request lands: then the daemon sends it at once.
    expect(run.stdout).toMatch(
      /^(scheduled|sent) [0-9a-f]{6} {2}\w{3} \d{1,2} \w{3} \d{2}:\d{2} \(in 1 second\) {2}stretch your legs\n$/,
    );
    const inbox = await eventually(async () => {
      const page = await json<Page<InboxItemJson>>(['inbox']);
      return page.items.length > 0 ? page.items : undefined;
    });
    expect(inbox).toEqual([
      expect.objectContaining({ title: 'stretch your legs', url: 'https://example.com/stretch' }),
    ]);
    const table = await tickler(['inbox'], env);
    expect(table.stdout.split('\n')[0]).toMatch(
      /^ID\s+RECEIVED \(local\)\s+READ\s+TITLE\s+MESSAGE$/,
    );
    expect(table.stdout).toContain('stretch your legs');
  });

  it('resolves natural language in the local time zone and echoes local time and UTC', async () => {
    const run = await tickler(
      ['--json', '--verbose', '--user', 'tokyo', 'remind', 'call mum', '--at', 'tomorrow 9am'],
      { ...env, TZ: 'Asia/Tokyo' },
    );
    expect(run.code).toBe(0);
    // Tomorrow in Tokyo, 09:00 +09:00, is 00:00 UTC that day.
    const tokyoToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(
      new Date(),
    );
    const expected = new Date(Date.parse(`${tokyoToday}T00:00:00Z`) + 86_400_000).toISOString();
    expect(run.stderr).toContain(`09:00:00 Asia/Tokyo (UTC+09:00) = ${expected} UTC`);
    const delivery = JSON.parse(run.stdout) as NotificationJson;
    expect(delivery).toMatchObject({
      userId: 'tokyo',
      status: 'scheduled',
      scheduledAt: expected,
      title: 'call mum',
    });
  });

  it('accepts ISO 8601 with an offset for --at', async () => {
    const delivery = await json<NotificationJson>([
      '--user',
      'iso',
      'remind',
      'dentist',
      '--at',
      '2099-03-04T10:15:00+01:00',
    ]);
    expect(delivery.scheduledAt).toBe('2099-03-04T09:15:00.000Z');
  });

  it('lists, shows, edits, cancels and sends now, as tables or JSON', async () => {
    // Made over HTTP: remind has the tests above; this one is about the commands after it.
    const api = adminApi(daemon);
    const a = await remindOverHttp(api, 'ops', 'alpha', 2 * 3_600_000);
    const b = await remindOverHttp(api, 'ops', 'bravo', 3 * 3_600_000);

    const list = await tickler(['--user', 'ops', 'list'], env);
    expect(list.code).toBe(0);
    expect(list.stdout.split('\n')[0]).toMatch(
      /^ID\s+STATUS\s+SCHEDULED \(local\)\s+SENT \(local\)\s+TITLE$/,
    );
    expect(list.stdout.indexOf('alpha')).toBeLessThan(list.stdout.indexOf('bravo'));

    const show = await tickler(['--user', 'ops', 'show', a.id], env);
    expect(show.stdout).toMatch(new RegExp(`^id\\s+${a.id}$`, 'm'));
    expect(show.stdout).toMatch(/^status\s+scheduled$/m);

    const edited = await json<NotificationJson>([
      '--user',
      'ops',
      'edit',
      a.id,
      '--title',
      'alpha two',
      '--at',
      '2099-01-01T00:00:00Z',
    ]);
    expect(edited).toMatchObject({ title: 'alpha two', scheduledAt: '2099-01-01T00:00:00.000Z' });

    const canceled = await json<NotificationJson>(['--user', 'ops', 'cancel', a.id]);
    expect(canceled.status).toBe('canceled');
    const sent = await json<NotificationJson>(['--user', 'ops', 'send-now', b.id]);
    expect(sent.status).toBe('sent');

    const onlyCanceled = await json<Page<NotificationJson>>([
      '--user',
      'ops',
      'list',
      '--status',
      'canceled',
    ]);
    expect(onlyCanceled.items.map((n) => n.id)).toEqual([a.id]);
    const inbox = await json<Page<InboxItemJson>>(['--user', 'ops', 'inbox']);
    expect(inbox.items.map((i) => i.notificationId)).toEqual([b.id]);
  });

  it('adds, lists, resumes and removes a webhook subscription, at-most-once when asked', async () => {
    const created = await json<{ id: string; guarantee: string; secret: string; default: boolean }>(
      [
        '--user',
        'hooks',
        'subscriptions',
        'add',
        'https://hooks.example.com/cli',
        '--guarantee',
        'at-most-once',
        '--default',
      ],
    );
    expect(created).toMatchObject({ guarantee: 'at-most-once', default: true });
    expect(created.secret).toMatch(/^whsec_/);
    const table = await tickler(['--user', 'hooks', 'subscriptions', 'list'], env);
    expect(table.stdout).toMatch(
      /webhook\s+https:\/\/hooks\.example\.com\/cli\s+at-most-once\s+yes\s+active/,
    );
    expect(table.stdout).not.toContain(created.secret);
    const resumed = await json<{ id: string; pausedAt: string | null }>([
      '--user',
      'hooks',
      'subscriptions',
      'resume',
      created.id,
    ]);
    expect(resumed).toMatchObject({ id: created.id, pausedAt: null });
    await tickler(['--user', 'hooks', 'subscriptions', 'remove', created.id], env);
    expect(
      (await json<{ items: unknown[] }>(['--user', 'hooks', 'subscriptions', 'list'])).items,
    ).toEqual([]);
  });

  it('runs deliver-due', async () => {
    const result = await json<Record<string, number>>(['deliver-due']);
    expect(Object.keys(result).sort()).toEqual(['dispatched', 'failed', 'missed', 'sent']);
    const table = await tickler(['deliver-due'], env);
    expect(table.stdout).toMatch(/^sent\s+\d+$/m);
  });

  it('takes --daemon and --token over the environment', async () => {
    const token = (await import('node:fs'))
      .readFileSync(`${daemon.dir}/admin.token`, 'utf8')
      .trim();
    const run = await tickler(['--daemon', daemon.url, '--token', token, '--json', 'list'], {
      TICKLER_DB: '/nonexistent/x.db',
      TICKLER_PORT: '1',
    });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toHaveProperty('items');
  });

  it.each([
    [['remind', 'x', '--at', 'banana'], 2, /^tickler: --at: cannot understand "banana"/],
    [
      ['remind', 'x', '--at', 'tomorrow at noon blah'],
      2,
      /^tickler: --at: understood only "tomorrow at noon"/,
    ],
    [['remind', 'x', '--at', '2001-01-01T00:00:00Z'], 2, /not in the future/],
    [['remind', 'x', '--at', 'tomorrow', '--in', '5m'], 2, /give --at or --in, not both/],
    [['remind', 'x'], 2, /say when/],
    [['remind', 'x', '--in', 'soonish'], 2, /--in/],
    [['remind', 'x', '--in', '5'], 2, /^tickler: --in: "5" has no unit; write e\.g\. 5s, 5m or 5h/],
    [['remind', 'x', '--at', '5'], 2, /^tickler: --at: "5" has no unit/],
    [['edit', 'some-id'], 2, /nothing to change/],
    [
      ['show', '01900000-0000-7000-8000-000000000000'],
      1,
      /^tickler: daemon answered 404 NOTIFICATIONS\.NOT_FOUND: /,
    ],
    [['list', '--status', 'done'], 1, /^tickler: invalid input: status: /],
  ])('fails %j with exit %i and one line', async (args, code, message) => {
    const run = await tickler(args, env);
    expect(run.code).toBe(code);
    expect(run.stdout).toBe('');
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(message);
  });

  it('says so in one line when an action is illegal for the current status (409)', async () => {
    // Sent at once over HTTP (the user the CLI acts as by default, `me`): the 409 is the test.
    const n = await remindOverHttp(adminApi(daemon), 'me', 'once');
    const again = await tickler(['send-now', n.id], env);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(
      /^tickler: daemon answered 409 NOTIFICATIONS\.ALREADY_SENT: .+\n$/,
    );
  });

  it('explains in one line when the daemon is not running or no token is found', async () => {
    const down = await tickler(['list'], { ...env, TICKLER_PORT: '1' });
    expect(down.code).toBe(1);
    expect(down.stderr).toMatch(
      /^tickler: cannot reach the daemon at http:\/\/127\.0\.0\.1:1 .*\n$/,
    );
    const noToken = await tickler(['list'], { ...env, TICKLER_DB: '/nonexistent/tickler.db' });
    expect(noToken.code).toBe(1);
    expect(noToken.stderr).toMatch(
      /^tickler: no admin token: \/nonexistent\/admin\.token does not exist/,
    );
    const refused = await tickler(['list', '--token', 'wrong-token-value'], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^tickler: daemon answered 401 AUTH\.UNAUTHENTICATED/);
  });

  it('issues, lists and revokes user tokens, and rotates the admin token the running daemon uses', async () => {
    const issued = await json<{ id: string; token: string; expiresAt: string }>([
      '--user',
      'tess',
      'token',
      'issue',
      '--expires-in',
      '2h',
    ]);
    expect(issued.token.length).toBeGreaterThan(30);
    const asTess = await tickler(
      ['--user', 'tess', '--token', issued.token, '--json', 'list'],
      env,
    );
    expect(asTess.code).toBe(0);
    const listed = await json<{ id: string; expiresAt: string }[]>([
      '--user',
      'tess',
      'token',
      'list',
    ]);
    expect(listed).toEqual([
      expect.objectContaining({ id: issued.id, expiresAt: issued.expiresAt }),
    ]);
    expect(JSON.stringify(listed)).not.toContain(issued.token);
    // By the short form, like every other id (issue 31).
    const revoke = await tickler(
      ['--user', 'tess', 'token', 'revoke', issued.id.replace(/-/g, '').slice(-6)],
      env,
    );
    expect(revoke.stdout).toContain(`Revoked ${issued.id}`);
    const refused = await tickler(['--user', 'tess', '--token', issued.token, 'list'], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('401');

    const file = path.join(path.dirname(daemon.dbFile), 'admin.token');
    const before = fs.readFileSync(file, 'utf8').trim();
    const rotate = await tickler(['token', 'rotate-admin'], env);
    expect(rotate.code).toBe(0);
    const after = fs.readFileSync(file, 'utf8').trim();
    expect(after).not.toBe(before);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect((await tickler(['list'], env)).code).toBe(0);
    const old = await tickler(['--token', before, 'list'], env);
    expect(old.stderr).toContain('401');
  });
});
