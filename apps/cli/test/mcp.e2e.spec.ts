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

/** Calls a tool; returns its text and, on success, the JSON after the first line. */
async function call(name: string, args: Record<string, unknown>) {
  const result = (await client.callTool({ name, arguments: args })) as ToolResult;
  const text = result.content.map((c) => c.text).join('\n');
  const json = result.isError
    ? undefined
    : (JSON.parse(text.slice(text.indexOf('\n') + 1)) as unknown);
  return { isError: result.isError === true, text, json };
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
  it('offers the five tools', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      'cancel',
      'list_upcoming',
      'reschedule',
      'schedule',
      'snooze',
    ]);
  });

  it('schedules in words and a zone, lists, reschedules, snoozes and cancels, for the configured user', async () => {
    const made = await call('schedule', {
      title: 'take the chicken out',
      when: 'in 2 hours',
      timeZone: 'Europe/Berlin',
    });
    expect(made.isError).toBe(false);
    const reminder = made.json as NotificationJson;
    expect(reminder).toMatchObject({
      userId: 'chef',
      status: 'scheduled',
      title: 'take the chicken out',
    });
    expect(Math.abs(Date.parse(reminder.scheduledAt!) - Date.now() - 2 * 3_600_000)).toBeLessThan(
      60_000,
    );

    const four = await call('schedule', {
      title: 'tea',
      when: 'tomorrow 4pm',
      timeZone: 'Asia/Tokyo',
    });
    expect((four.json as NotificationJson).scheduledAt).toMatch(/T07:00:00\.000Z$/);

    const upcoming = await call('list_upcoming', {});
    expect((upcoming.json as NotificationJson[]).map((n) => n.title)).toEqual([
      'take the chicken out',
      'tea',
    ]);

    // The 6-hex short id the CLI prints is taken as well as the full one (issue 31).
    const moved = await call('reschedule', {
      id: short(reminder.id),
      when: '2099-01-02T03:04:05Z',
    });
    expect((moved.json as NotificationJson).scheduledAt).toBe('2099-01-02T03:04:05.000Z');

    // Snooze acts on a delivered reminder (its inbox item), through the daemon's snooze route.
    const delivered = await deliverNow('chicken is out');
    const snoozed = await call('snooze', { id: short(delivered.inboxId), when: 'in 10 minutes' });
    expect(snoozed.json).toMatchObject({
      title: 'chicken is out',
      status: 'scheduled',
      snoozedFrom: delivered.inboxId,
    });
    expect((snoozed.json as NotificationJson).id).not.toBe(delivered.id);
    const inbox = await adminGet<{ items: { id: string; readAt: string | null }[] }>(
      '/v1/users/chef/inbox',
    );
    expect(inbox.items.find((i) => i.id === delivered.inboxId)?.readAt).not.toBeNull();

    const canceled = await call('cancel', { id: reminder.id });
    expect(canceled.json).toMatchObject({ id: reminder.id, status: 'canceled' });
    const left = await call('list_upcoming', {});
    expect((left.json as NotificationJson[]).map((n) => n.title)).toEqual([
      'chicken is out',
      'tea',
    ]);
    expect((left.json as NotificationJson[])[0]!.id).toBe((snoozed.json as NotificationJson).id);
  });

  it('returns tool errors naming the field, by the API’s rules', async () => {
    expect((await call('schedule', { title: '', when: 'in 1 hour' })).text).toMatch(/title/);
    expect((await call('schedule', { title: 'x'.repeat(201), when: 'in 1 hour' })).text).toMatch(
      /title/,
    );
    expect((await call('schedule', { title: 'x', when: 'banana' })).text).toMatch(/^when: /);
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
