import fs from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { type NotificationJson } from '@tickler/notifications';
import { envFor, type RunningDaemon, startDaemon, TICKLER_BIN } from './support/processes';

let daemon: RunningDaemon;
let client: Client;

interface ToolResult {
  isError?: boolean;
  content: { type: string; text: string }[];
}

/** Calls a tool; returns its text (one sentence, or one line per item). */
async function call(name: string, args: Record<string, unknown>) {
  const result = (await client.callTool({ name, arguments: args })) as ToolResult;
  const text = result.content.map((c) => c.text).join('\n');
  return { isError: result.isError === true, text };
}

/** The short id an answer names (`id 7f3a2c`). */
function idIn(text: string): string {
  return /id ([0-9a-f]{6})\b/.exec(text)?.[1] ?? '';
}

/** A request with the daemon's admin token (setting up what the tools then act on). */
async function adminCall<T>(method: string, urlPath: string, body?: unknown): Promise<T> {
  const token = fs.readFileSync(path.join(daemon.dir, 'admin.token'), 'utf8').trim();
  const response = await fetch(`${daemon.url}${urlPath}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await response.json()) as T;
}

/** The short id the CLI prints: the last 6 hex digits. */
const short = (full: string): string => full.replace(/-/g, '').slice(-6);

const adminGet = <T>(urlPath: string) => adminCall<T>('GET', urlPath);

/** A reminder for chef sent at once: it is in the inbox. */
function deliverNow(title: string): Promise<{ id: string; inboxId: string }> {
  return adminCall('POST', '/v1/users/chef/notifications', { title, message: '' });
}

beforeAll(async () => {
  daemon = await startDaemon();
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries({
    ...process.env,
    ...envFor(daemon),
    TICKLER_USER: 'chef',
  })) {
    if (value !== undefined) {
      env[key] = value;
    }
  }
  // The SDK's own client, spawning `tickler mcp` as an assistant's host would.
  client = new Client({ name: 'tickler-test', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({ command: process.execPath, args: [TICKLER_BIN, 'mcp'], env }),
  );
});

afterAll(async () => {
  await client.close();
  await daemon.stop();
});

describe('tickler mcp (the SDK client over stdio, a real daemon)', () => {
  it('offers the six tools', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      'cancel',
      'list_delivered',
      'list_upcoming',
      'reschedule',
      'schedule',
      'snooze',
    ]);
  });

  it('schedules in words and a zone, lists, reschedules, snoozes and cancels, answering in a sentence with the short id', async () => {
    const made = await call('schedule', {
      title: 'take the chicken out',
      when: 'in 2 hours',
      timeZone: 'Europe/Berlin',
    });
    expect(made.isError).toBe(false);
    expect(made.text).toMatch(
      /^Scheduled "take the chicken out" for \w{3} \d+ \w{3} \d{2}:\d{2} \(Europe\/Berlin\), id [0-9a-f]{6}\.$/,
    );
    // Short answers (issue 31: three reminders were 2,033 characters of JSON).
    expect(made.text.length).toBeLessThan(120);
    const chicken = idIn(made.text);
    const stored = await adminGet<{ items: NotificationJson[] }>('/v1/users/chef/notifications');
    const reminder = stored.items.find((n) => n.id.endsWith(chicken))!;
    expect(reminder).toMatchObject({ userId: 'chef', status: 'scheduled' });
    expect(Math.abs(Date.parse(reminder.scheduledAt!) - Date.now() - 2 * 3_600_000)).toBeLessThan(
      60_000,
    );

    const four = await call('schedule', {
      title: 'tea',
      when: 'tomorrow 4pm',
      timeZone: 'Asia/Tokyo',
    });
    expect(four.text).toMatch(/ 16:00 \(Asia\/Tokyo\)/);

    const upcoming = await call('list_upcoming', {});
    const lines = upcoming.text.split('\n');
    expect(lines.map((l) => l.split('  ')[2])).toEqual(['take the chicken out', 'tea']);
    expect(lines[0]!.startsWith(chicken)).toBe(true);

    // The 6-hex short id is taken back (issue 31).
    const moved = await call('reschedule', {
      id: chicken,
      when: '2099-01-02T03:04:05Z',
      timeZone: 'UTC',
    });
    expect(moved.text).toMatch(/^Moved "take the chicken out" to Fri 2 Jan 03:04 \(UTC\)/);

    // Snooze acts on a delivered reminder: list_delivered gives its id.
    const delivered = await deliverNow('chicken is out');
    const inbox = await call('list_delivered', {});
    expect(inbox.text).toMatch(
      new RegExp(`^${short(delivered.inboxId)}  .*  chicken is out  \\(unread\\)$`, 'm'),
    );
    const snoozed = await call('snooze', { id: short(delivered.inboxId), when: 'in 10 minutes' });
    expect(snoozed.text).toMatch(/^Snoozed "chicken is out" until /);
    const items = await adminGet<{ items: { id: string; readAt: string | null }[] }>(
      '/v1/users/chef/inbox',
    );
    expect(items.items.find((i) => i.id === delivered.inboxId)?.readAt).not.toBeNull();

    const canceled = await call('cancel', { id: chicken });
    expect(canceled.text).toBe(`Canceled "take the chicken out", id ${chicken}.`);
    const left = await call('list_upcoming', {});
    expect(left.text.split('\n').map((l) => l.split('  ')[2])).toEqual(['chicken is out', 'tea']);
  });

  it('reads "at four" as the nearest four o’clock in daytime, in the profile’s zone, and says it back', async () => {
    await adminCall('PUT', '/v1/users/chef/profile', { timeZone: 'Pacific/Auckland' });
    const made = await call('schedule', { title: 'chicken', when: 'at four' });
    expect(made.text).toMatch(/ 16:00 \(Pacific\/Auckland\), id /);
    const stored = await adminGet<{ items: NotificationJson[] }>('/v1/users/chef/notifications');
    const row = stored.items.find((n) => n.id.endsWith(idIn(made.text)))!;
    const hour = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Pacific/Auckland',
      hour: '2-digit',
      hourCycle: 'h23',
    }).format(new Date(row.scheduledAt!));
    expect(hour).toBe('16');
    expect(Date.parse(row.scheduledAt!) - Date.now()).toBeLessThan(24 * 3_600_000);
    await call('cancel', { id: idIn(made.text) });
  });

  it('schedules a repeating reminder, and cancels this occurrence or the series', async () => {
    const made = await call('schedule', { title: 'stand-up', every: 'every weekday at 9am' });
    expect(made.text).toMatch(/It repeats every weekday at 09:00\.$/);
    const once = await call('cancel', { id: idIn(made.text) });
    expect(once.text).toMatch(/\(this occurrence; the series goes on\)/);
    const next = (await call('list_upcoming', {})).text
      .split('\n')
      .find((l) => l.includes('stand-up'))!;
    const all = await call('cancel', { id: next.slice(0, 6), scope: 'series' });
    expect(all.text).toMatch(/and its whole series/);
  });

  it('schedules "every 2 hours" from the hour asked for, and says how it repeats', async () => {
    const made = await call('schedule', {
      title: 'water',
      when: '2030-01-02T09:30:00',
      every: 'every 2 hours',
    });
    expect(made.text).toMatch(/It repeats every 2 hours at :30 \(01:30, 03:30, …\)\.$/);
    await call('cancel', { id: idIn(made.text), scope: 'series' });
  });

  it('returns tool errors naming the field, by the API’s rules', async () => {
    expect((await call('schedule', { title: '', when: 'in 1 hour' })).text).toMatch(/title/);
    expect((await call('schedule', { title: 'x'.repeat(201), when: 'in 1 hour' })).text).toMatch(
      /title/,
    );
    const banana = await call('schedule', { title: 'x', when: 'banana' });
    expect(banana.text).toMatch(/^when: /);
    // The error tells the model what to ask the person.
    expect(banana.text).toMatch(/Ask the user when/);
    expect(
      (await call('schedule', { title: 'x', when: 'in 1 hour', timeZone: 'Mars/Olympus' })).text,
    ).toMatch(/timeZone/);
    const missing = await call('cancel', { id: '01900000-0000-7000-8000-000000000000' });
    expect(missing).toMatchObject({ isError: true, text: expect.stringMatching(/404/) as string });
    const unknownField = await call('list_upcoming', { limit: 100_000 });
    expect(unknownField).toMatchObject({
      isError: true,
      text: expect.stringMatching(/limit/) as string,
    });
  });

  it('acts with a user token of its own, kept 0600 beside admin.token, never the admin token (issue 29)', async () => {
    const file = path.join(daemon.dir, `mcp-${Buffer.from('chef').toString('base64url')}.token`);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const kept = fs.readFileSync(file, 'utf8').trim();
    const admin = fs.readFileSync(path.join(daemon.dir, 'admin.token'), 'utf8').trim();
    expect(kept).not.toBe(admin);
    const tokens = await adminGet<{ items: { id: string }[] }>('/v1/users/chef/tokens');
    expect(tokens.items.length).toBeGreaterThan(0);
    // Revoked, the assistant can do nothing more: it never falls back to the admin token.
    for (const { id } of tokens.items) {
      const res = await fetch(`${daemon.url}/v1/users/chef/tokens/${id}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${admin}` },
      });
      expect(res.status).toBe(204);
    }
    const after = await call('list_upcoming', {});
    expect(after).toMatchObject({ isError: true, text: expect.stringMatching(/401/) as string });
  });
});
