import { type NotificationJson } from '@tickler/notifications';
import { envFor, type RunningDaemon, startDaemon, tickler } from './support/processes';

// Issue 33 item 2 from the command line: `remind --escalate <after>:<channel> --fallback
// <channel>` and `show` printing where each stands (built binary against a real daemon).

let daemon: RunningDaemon;
let env: Record<string, string | undefined>;
beforeAll(async () => {
  daemon = await startDaemon();
  env = envFor(daemon);
});
afterAll(() => daemon.stop());

describe('tickler remind --escalate / --fallback', () => {
  it('sends both to the daemon and show prints their state', async () => {
    const run = await tickler(
      ['--json', 'remind', 'pay', 'rent', '--in', '2h'].concat([
        '--escalate',
        '90m:webhook',
        '--fallback',
        'ntfy',
      ]),
      env,
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const created = JSON.parse(run.stdout) as NotificationJson;
    expect(created.escalation).toEqual({
      after: '90m',
      channel: 'webhook',
      status: 'pending',
      at: null,
    });
    expect(created.fallback).toEqual({ channel: 'ntfy', status: 'standby', at: null });

    const shown = await tickler(['show', created.id], env);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toMatch(/escalation\s+after 90m by webhook: pending\n/);
    expect(shown.stdout).toMatch(/fallback\s+by ntfy: standby\n/);
  });

  it('prints none for a reminder without them', async () => {
    const run = await tickler(['--json', 'remind', 'plain', '--in', '2h'], env);
    const created = JSON.parse(run.stdout) as NotificationJson;
    const shown = await tickler(['show', created.id], env);
    expect(shown.stdout).toMatch(/escalation\s+-\n/);
    expect(shown.stdout).toMatch(/fallback\s+-\n/);
  });

  it('refuses an --escalate without <after>:<channel> before asking the daemon, and names the field the daemon refuses', async () => {
    const bare = await tickler(['remind', 'x', '--in', '2h', '--escalate', '1h'], env);
    expect(bare.code).toBe(2);
    expect(bare.stderr).toContain('--escalate takes <after>:<channel>');
    const short = await tickler(['remind', 'x', '--in', '2h', '--escalate', '10s:email'], env);
    expect(short.code).not.toBe(0);
    expect(short.stderr).toContain('escalate.after');
    const fallback = await tickler(['remind', 'x', '--in', '2h', '--fallback', 'inbox'], env);
    expect(fallback.code).not.toBe(0);
    expect(fallback.stderr).toContain('fallback.channel');
  });
});
