import fs from 'node:fs';
import path from 'node:path';
import { envFor, type RunningDaemon, startDaemon } from './support/processes';
import { TcpProxy } from './support/tcp-proxy';
import { CliProcess } from './support/watch-process';

const TOKEN = 'watch-test-admin-token-0123456789';

/** Sends a notification now for `user`, straight to the daemon; returns its id. */
async function sendNow(url: string, user: string, title: string, message = ''): Promise<string> {
  const response = await fetch(`${url}/v1/users/${user}/notifications`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ title, message }),
  });
  if (response.status !== 201) {
    throw new Error(`send answered ${response.status}: ${await response.text()}`);
  }
  return ((await response.json()) as { id: string }).id;
}

/** A folder for PATH holding a `notify-send` stand-in that appends its arguments to a file. */
function notifierStandIn(): { bin: string; log: string } {
  const bin = fs.mkdtempSync(path.join(process.env.TICKLER_E2E_ROOT!, 'bin-'));
  const log = path.join(bin, 'notify.log');
  fs.writeFileSync(
    path.join(bin, 'notify-send'),
    // An older libnotify (no buttons): the popup is raised and the tool returns at once.
    `#!/bin/sh\n[ "$1" = --version ] && echo "notify-send 0.7.8" && exit 0\nfor a in "$@"; do printf '[%s]' "$a"; done >> "${log}"\necho >> "${log}"\n`,
    { mode: 0o700 },
  );
  return { bin, log };
}

interface JsonLine {
  id: string | null;
  type: string;
  aggregateId?: string;
  reason?: string;
}

function jsonLines(text: string): JsonLine[] {
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as JsonLine);
}

let daemon: RunningDaemon;
let env: Record<string, string | undefined>;

beforeAll(async () => {
  daemon = await startDaemon({ TICKLER_ADMIN_TOKEN: TOKEN });
  env = { ...envFor(daemon), TICKLER_ADMIN_TOKEN: TOKEN };
});

afterAll(async () => {
  await daemon.stop();
});

describe('tickler watch (built binary against a real daemon)', () => {
  it('raises one desktop notification per delivery through notify-send, and prints it', async () => {
    const { bin, log } = notifierStandIn();
    const watch = new CliProcess(['--user', 'popper', 'watch'], {
      ...env,
      PATH: `${bin}${path.delimiter}${process.env.PATH}`,
    });
    await watch.until(() => watch.stderr.includes('connected to'), 'connecting');
    expect(watch.stdout).toContain('desktop notifications through notify-send');

    // A title that looks like an option stays text: the notifier ends its options with `--`.
    await sendNow(daemon.url, 'popper', '-u critical stretch', 'your legs');
    await sendNow(daemon.url, 'someone-else', 'not for popper');
    await sendNow(daemon.url, 'popper', 'water the plants');
    await watch.until(
      () => fs.existsSync(log) && fs.readFileSync(log, 'utf8').includes('water the plants'),
      'the second notification',
    );
    expect(fs.readFileSync(log, 'utf8').split('\n').filter(Boolean)).toEqual([
      '[--app-name=Tickler][--][-u critical stretch][your legs]',
      '[--app-name=Tickler][--][water the plants][]',
    ]);
    expect(watch.stdout).toMatch(/^\d\d:\d\d {2}-u critical stretch — your legs$/m);
    expect(watch.stdout).not.toContain('not for popper');
    expect(await watch.stop()).toEqual({ code: 0, signal: null });
  });

  it('prints a terminal line when no desktop notifier is installed', async () => {
    const empty = fs.mkdtempSync(path.join(process.env.TICKLER_E2E_ROOT!, 'nobin-'));
    const watch = new CliProcess(['--user', 'plain', 'watch'], { ...env, PATH: empty });
    await watch.until(() => watch.stderr.includes('connected to'), 'connecting');
    expect(watch.stdout).toContain('no desktop notifier found');
    await sendNow(daemon.url, 'plain', 'call mum', 'about Sunday');
    await watch.until(() => watch.stdout.includes('call mum'), 'the terminal line');
    expect(watch.stdout).toMatch(/^\d\d:\d\d {2}call mum — about Sunday$/m);
    expect(await watch.stop()).toEqual({ code: 0, signal: null });
  });

  it('resumes after a dropped connection with Last-Event-ID: nothing lost, nothing repeated', async () => {
    const proxy = await TcpProxy.start(Number(daemon.port));
    const watch = new CliProcess(
      ['--json', '--user', 'resumer', '--daemon', `http://127.0.0.1:${proxy.port}`, 'watch'],
      env,
    );
    await watch.until(() => watch.stderr.includes('connected to'), 'connecting');
    const a = await sendNow(daemon.url, 'resumer', 'a');
    await watch.until(() => watch.stdout.includes(a), 'event a');

    // The network drops the live connection and refuses new ones while b and c happen.
    await proxy.drop();
    await watch.until(() => watch.stderr.includes('lost the stream'), 'noticing the drop');
    const b = await sendNow(daemon.url, 'resumer', 'b');
    const c = await sendNow(daemon.url, 'resumer', 'c');
    await proxy.listen();
    await watch.until(() => watch.stdout.includes(c), 'the replay of b and c');
    const d = await sendNow(daemon.url, 'resumer', 'd');
    await watch.until(() => watch.stdout.includes(d), 'event d, live again');

    const lines = jsonLines(watch.stdout);
    expect(lines.map((l) => l.type)).not.toContain('stream.gap');
    expect(lines.filter((l) => l.type === 'notifications.sent').map((l) => l.aggregateId)).toEqual([
      a,
      b,
      c,
      d,
    ]);
    const seqs = lines.map((l) => Number(l.id!.split('-')[1]));
    expect(new Set(seqs).size).toBe(seqs.length);
    expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
    expect(watch.stderr).toContain('reconnected to');
    expect(proxy.accepted).toBeGreaterThanOrEqual(2);
    expect(await watch.stop()).toEqual({ code: 0, signal: null });
    await proxy.drop();
  });

  it('across a daemon restart, says stream.gap (the window is per process) and goes on', async () => {
    const first = await startDaemon({ TICKLER_ADMIN_TOKEN: TOKEN });
    const watch = new CliProcess(
      ['--json', '--user', 'restarter', '--daemon', first.url, 'watch'],
      {
        ...env,
        TICKLER_ADMIN_TOKEN: TOKEN,
      },
    );
    await watch.until(() => watch.stderr.includes('connected to'), 'connecting');
    const before = await sendNow(first.url, 'restarter', 'before');
    await watch.until(() => watch.stdout.includes(before), 'the event before the restart');
    await first.stop();
    const second = await startDaemon({ TICKLER_ADMIN_TOKEN: TOKEN, TICKLER_PORT: first.port });
    try {
      await watch.until(() => watch.stderr.includes('reconnected to'), 'reconnecting');
      const after = await sendNow(second.url, 'restarter', 'after');
      await watch.until(() => watch.stdout.includes(after), 'the event after the restart');
      const lines = jsonLines(watch.stdout);
      expect(lines.map((l) => [l.type, l.aggregateId ?? l.reason])).toEqual([
        ['notifications.sent', before],
        ['stream.gap', 'unknown-id'],
        ['notifications.sent', after],
      ]);
      expect(watch.stderr).toContain('some events could not be replayed');
      expect(await watch.stop()).toEqual({ code: 0, signal: null });
    } finally {
      await second.stop();
    }
    // Two daemon starts and a reconnect backoff that may have grown to 16 s on a loaded machine.
  }, 180_000);
});
