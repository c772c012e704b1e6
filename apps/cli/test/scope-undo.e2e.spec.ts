import { type NotificationJson } from '@tickler/notifications';
import { tickler, ticklerJson, useDaemon } from './support/processes';
import { adminApi, remindOverHttp } from './support/setup-over-http';

// Issue 31: cancel of a repeating reminder is "this one" unless --series; uncancel undoes.

const shared = useDaemon();
const env = () => ({ ...shared.env, TZ: 'Europe/Berlin' });

describe('tickler cancel [--series] and uncancel (built binary against a real daemon)', () => {
  it('cancels this occurrence by default and the series with --series', async () => {
    const made = await ticklerJson<NotificationJson>(
      ['--user', 'rep', 'remind', 'water the plants', '--every', 'daily 08:30'],
      env(),
    );
    const one = await ticklerJson<NotificationJson>(
      ['--user', 'rep', 'cancel', made.id.slice(-6)],
      env(),
    );
    expect(one).toMatchObject({ status: 'canceled', repeat: { status: 'active' } });
    const { items: live } = await ticklerJson<{ items: NotificationJson[] }>(
      ['--user', 'rep', 'list'],
      env(),
    );
    expect(live).toHaveLength(1);
    expect(live[0]!.id).not.toBe(made.id);
    const all = await ticklerJson<NotificationJson>(
      ['--user', 'rep', 'cancel', live[0]!.id.slice(-6), '--series'],
      env(),
    );
    expect(all).toMatchObject({ status: 'canceled', repeat: { status: 'canceled' } });
    const left = await ticklerJson<{ items: NotificationJson[] }>(['--user', 'rep', 'list'], env());
    expect(left.items).toEqual([]);
  });

  it('uncancel brings a canceled reminder back at its time; twice is refused', async () => {
    // Made and canceled over HTTP: uncancel is the test.
    const api = adminApi(shared.daemon);
    const made = await remindOverHttp(api, 'undo', 'call mum', 2 * 3_600_000);
    expect((await api.post(`/v1/users/undo/notifications/${made.id}/cancel`)).status).toBe(200);
    const back = await tickler(['--user', 'undo', 'uncancel', made.id.slice(-6)], env());
    expect(back.stderr).toBe('');
    expect(back.code).toBe(0);
    expect(back.stdout).toMatch(/^scheduled [0-9a-f]{6} .*call mum$/m);
    const again = await tickler(['--user', 'undo', 'uncancel', '--last'], env());
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('is scheduled; cannot uncancel');
  });

  it('shows how a reminder repeats in remind, list and show (issue 31 item 5)', async () => {
    const made = await tickler(
      ['--user', 'shows', 'remind', 'stand-up', '--every', 'weekday 09:00'],
      env(),
    );
    expect(made.stdout).toMatch(
      /^scheduled [0-9a-f]{6} .* stand-up {2}\(every weekday at 09:00\)$/m,
    );
    const list = await tickler(['--user', 'shows', 'list'], env());
    expect(list.stdout).toMatch(/TITLE\s+REPEATS$/m);
    expect(list.stdout).toMatch(/stand-up\s+every weekday at 09:00$/m);
    const show = await tickler(['--user', 'shows', 'show', '--last'], env());
    expect(show.stdout).toMatch(/^repeats\s+every weekday at 09:00$/m);
    // Seed 004: expiresAt is never shown to anyone.
    expect(show.stdout).not.toMatch(/expires/i);
  });
});
