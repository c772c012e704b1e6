import fs from 'node:fs';
import path from 'node:path';
import { type InboxItemJson, type NotificationJson, type Page } from '@tickler/notifications';
import { tickler, ticklerJson, useDaemon } from './support/processes';
import { adminApi, remindOverHttp } from './support/setup-over-http';

const run = useDaemon();

const tail = (id: string): string => id.replace(/-/g, '').slice(-6);

describe('read, done and delete (built binary against a real daemon)', () => {
  it('read marks an inbox item read by its short id or --last', async () => {
    const env = run.env;
    const as = (args: string[]) => ['--user', 'reader', ...args];
    // The inbox items read acts on are sent over HTTP (no scheduledAt: at once), in this order:
    // the test is about read, not remind and send-now.
    const api = adminApi(run.daemon);
    const a = await remindOverHttp(api, 'reader', 'first');
    const b = await remindOverHttp(api, 'reader', 'second');
    const read = await tickler(as(['read', tail(a.id)]), env);
    expect(read).toMatchObject({ code: 0, stdout: `read ${tail(a.id)}  first\n` });
    const last = await tickler(as(['read', '--last']), env);
    expect(last.stdout).toBe(`read ${tail(b.id)}  second\n`);
    const unread = await ticklerJson<Page<InboxItemJson>>(as(['inbox', '--unread']), env);
    expect(unread.items).toEqual([]);
  });

  it('done cancels a reminder that has not fired, and reads one that has', async () => {
    const env = run.env;
    const as = (args: string[]) => ['--user', 'doer', ...args];
    const api = adminApi(run.daemon);
    const early = await remindOverHttp(api, 'doer', 'early', 3_600_000);
    const fired = await remindOverHttp(api, 'doer', 'fired');

    const before = await tickler(as(['done', tail(early.id)]), env);
    expect(before.stdout).toBe(`done ${tail(early.id)}  early (canceled before it fired)\n`);
    const shown = await ticklerJson<NotificationJson>(as(['show', early.id]), env);
    expect(shown.status).toBe('canceled');

    const after = await tickler(as(['done', tail(fired.id)]), env);
    expect(after.stdout).toBe(`done ${tail(fired.id)}  fired (read)\n`);
    const inbox = await ticklerJson<Page<InboxItemJson>>(as(['inbox']), env);
    expect(inbox.items).toEqual([
      expect.objectContaining({ id: fired.id, readAt: expect.any(String) as string }),
    ]);
  });

  it('delete removes a reminder a person made, and one an app made', async () => {
    const env = run.env;
    const as = (args: string[]) => ['--user', 'deleter', ...args];
    const mine = await remindOverHttp(adminApi(run.daemon), 'deleter', 'mine', 3_600_000);
    const deleted = await tickler(as(['delete', tail(mine.id)]), env);
    expect(deleted).toMatchObject({ code: 0, stdout: `deleted ${tail(mine.id)}  mine\n` });
    const all = await ticklerJson<Page<NotificationJson>>(as(['list', '--all']), env);
    expect(all.items).toEqual([]);

    // An app's reminder, planned through the reconcile API as a producer would.
    const token = fs.readFileSync(path.join(run.daemon.dir, 'admin.token'), 'utf8').trim();
    const planned = await fetch(`${run.daemon.url}/v1/reconcile`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        sourceApp: 'household',
        planned: [
          {
            userId: 'deleter',
            sourceKey: 'bins-1',
            title: 'Bins',
            message: '',
            scheduledAt: new Date(Date.now() + 3_600_000).toISOString(),
          },
        ],
      }),
    });
    expect(planned.status).toBe(200);
    const listed = await ticklerJson<Page<NotificationJson>>(as(['list']), env);
    expect(listed.items.map((n) => n.title)).toEqual(['Bins']);
    const bins = listed.items[0]!;
    const removed = await tickler(as(['delete', '--last']), env);
    expect(removed).toMatchObject({ code: 0, stdout: `deleted ${tail(bins.id)}  Bins\n` });
    const gone = await ticklerJson<Page<NotificationJson>>(as(['list', '--all']), env);
    expect(gone.items).toEqual([]);
  });
});
