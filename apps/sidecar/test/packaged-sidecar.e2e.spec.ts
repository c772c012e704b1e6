import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { desktopEnvironment, processAlive, SidecarProcess } from '../src/harness/sidecar-process';
import { eventually } from '@tickler/testing';
import {
  apiOf,
  desktopApp,
  EXECUTABLE,
  holdingWebhookReceiver,
  tempDir,
} from './support/desktop-shell';

interface Notification {
  id: string;
  status: string;
}

/** An app-data folder and an empty working directory, as a desktop shell would give. */
function desktop(extra: Record<string, string> = {}) {
  const appData = tempDir('app-data');
  return { appData, cwd: tempDir('cwd'), env: desktopEnvironment(appData, extra) };
}

function start(place: ReturnType<typeof desktop>) {
  return SidecarProcess.start({ executable: EXECUTABLE, cwd: place.cwd, env: place.env });
}

/** A few seconds ahead: the daemon must hold it, then deliver it on its own at that instant. */
function soon(ms = 1_500): string {
  return new Date(Date.now() + ms).toISOString();
}

describe('the packaged sidecar, run as a desktop shell runs it', () => {
  it('starts from an empty folder without Node on PATH and prints the readiness line first', async () => {
    const place = desktop();
    expect(fs.readdirSync(place.env.PATH!)).toEqual([]);
    const sidecar = await start(place);
    try {
      const { readiness } = sidecar;
      expect(readiness).toMatchObject({
        tickler: 'ready',
        url: `http://127.0.0.1:${readiness.port}`,
        tokenFile: path.join(place.appData, 'admin.token'),
        pid: sidecar.pid,
        peers: 0,
      });
      expect(readiness.port).toBeGreaterThan(0);
      expect(fs.statSync(readiness.tokenFile!).mode & 0o777).toBe(0o600);
      expect((await fetch(`${readiness.url}/healthz`)).status).toBe(200);
      // It writes nothing where it was started: its files are in the app-data folder.
      expect(fs.readdirSync(place.cwd)).toEqual([]);
    } finally {
      expect(await sidecar.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    }
    // The log lines held during start-up came after the readiness line.
    expect(sidecar.lines.some((line) => line.includes('"msg":"admin token"'))).toBe(true);
  });

  it('schedules a reminder over HTTP and delivers it on its own at its instant', async () => {
    const sidecar = await start(desktop());
    try {
      const api = apiOf(sidecar.readiness);
      const stream = await fetch(`${sidecar.readiness.url}/v1/users/me/events`, {
        headers: { authorization: `Bearer ${api.token}`, accept: 'text/event-stream' },
      });
      const created = await api.post<Notification>('/v1/users/me/notifications', {
        title: 'stretch your legs',
        message: '',
        scheduledAt: soon(),
      });
      expect(created.body.status).toBe('scheduled');
      const reader = stream.body!.getReader() as ReadableStreamDefaultReader<Uint8Array>;
      let text = '';
      while (!text.includes('"type":"notifications.sent"')) {
        const chunk = await reader.read();
        expect(chunk.done).toBe(false);
        text += Buffer.from(chunk.value ?? []).toString();
      }
      await reader.cancel();
      const inbox = await api.get<{ items: { notificationId: string }[] }>('/v1/users/me/inbox');
      expect(inbox.body.items.map((item) => item.notificationId)).toEqual([created.body.id]);
      // Its WAL is checkpointed off the event loop, by a thread that found better-sqlite3 and
      // its addon inside the executable (no file of either lies on disk).
      const said = (text: string) => sidecar.lines.some((line) => line.includes(text));
      await eventually(() => (said('"msg":"wal checkpoint thread started"') ? true : undefined));
      expect(said('wal checkpoint thread failed')).toBe(false);
    } finally {
      await sidecar.stop();
    }
  });

  it.each(['stdin pipe closes', 'parent pid changes'] as const)(
    'exits by itself when the desktop app is SIGKILLed (%s), freeing the database',
    async (sign) => {
      const place = desktop();
      const stdoutFile = path.join(place.appData, 'sidecar.out');
      let holder: number | undefined;
      let stdinFifo: string | undefined;
      if (sign === 'parent pid changes') {
        // A FIFO this test keeps open for writing: the sidecar's stdin never reaches its end.
        stdinFifo = path.join(place.appData, 'stdin.fifo');
        execFileSync('mkfifo', [stdinFifo]);
        holder = fs.openSync(stdinFifo, fs.constants.O_RDWR);
      }
      try {
        const app = await desktopApp({ env: place.env, cwd: place.cwd, stdinFifo, stdoutFile });
        expect(processAlive(app.sidecarPid)).toBe(true);
        app.parent.kill('SIGKILL');
        await eventually(() => (processAlive(app.sidecarPid) ? undefined : true));
        const log = fs.readFileSync(stdoutFile, 'utf8');
        expect(log).toContain(
          sign === 'stdin pipe closes' ? '"signal":"stdin closed"' : '"signal":"parent exited"',
        );
        expect(log).toContain('"msg":"stopped"');
      } finally {
        if (holder !== undefined) {
          fs.closeSync(holder);
        }
      }
      // Nothing holds the database: the next start is alone on it.
      const next = await start(place);
      expect(next.readiness.peers).toBe(0);
      await next.stop();
    },
  );

  it('loses nothing when SIGKILLed in the middle of a delivery and started again', async () => {
    // The test's webhook receiver listens on 127.0.0.1 (a desktop's local app taking webhooks).
    const place = desktop({ TICKLER_ALLOW_PRIVATE_TARGETS: 'true' });
    const receiver = await holdingWebhookReceiver();
    const first = await start(place);
    const api = apiOf(first.readiness);
    expect(
      (
        await api.post('/v1/users/hooked/subscriptions', {
          kind: 'webhook',
          url: receiver.url,
        })
      ).status,
    ).toBe(201);
    const at = soon();
    const hook = await api.post<Notification>('/v1/users/hooked/notifications', {
      title: 'to the webhook',
      message: '',
      channel: 'webhook',
      scheduledAt: at,
    });
    const inboxIds: string[] = [];
    for (let i = 0; i < 20; i++) {
      const created = await api.post<Notification>('/v1/users/me/notifications', {
        title: `inbox ${i}`,
        message: '',
        scheduledAt: at,
      });
      inboxIds.push(created.body.id);
    }
    // The webhook request is in flight (claimed, unanswered): kill -9 now.
    await receiver.first;
    expect(await first.stop('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });

    const second = await start(place);
    try {
      const again = apiOf(second.readiness);
      const sent = await eventually(async () => {
        const res = await again.get<Notification>(`/v1/users/hooked/notifications/${hook.body.id}`);
        return res.body.status === 'sent' ? res.body : undefined;
      });
      expect(sent.id).toBe(hook.body.id);
      // At least once, and only ever this delivery's id.
      expect(new Set(receiver.received.map((r) => r.id))).toEqual(new Set([hook.body.id]));
      const inbox = await eventually(async () => {
        const res = await again.get<{ items: { notificationId: string }[] }>(
          '/v1/users/me/inbox?limit=100',
        );
        return res.body.items.length >= inboxIds.length ? res.body.items : undefined;
      });
      expect(inbox.map((item) => item.notificationId).sort()).toEqual([...inboxIds].sort());
    } finally {
      await second.stop();
      await receiver.close();
    }
  });

  it('lets a second sidecar on the same database join: it reports the first, and a reminder goes out once', async () => {
    const place = desktop();
    const first = await start(place);
    const second = await start({ ...place, cwd: tempDir('cwd') });
    try {
      expect(first.readiness.peers).toBe(0);
      expect(second.readiness.peers).toBe(1);
      const api = apiOf(first.readiness);
      const created = await api.post<Notification>('/v1/users/both/notifications', {
        title: 'once',
        message: '',
        scheduledAt: soon(),
      });
      const inbox = await eventually(async () => {
        const res = await apiOf(second.readiness).get<{ items: { notificationId: string }[] }>(
          '/v1/users/both/inbox',
        );
        return res.body.items.length > 0 ? res.body.items : undefined;
      });
      expect(inbox.map((item) => item.notificationId)).toEqual([created.body.id]);
    } finally {
      expect(await second.stop()).toEqual({ code: 0, signal: null });
      expect(await first.stop()).toEqual({ code: 0, signal: null });
    }
  });

  it('runs the CLI as `cli`: natural language and time zones (loaded on first use) work inside', async () => {
    const place = desktop();
    const sidecar = await start(place);
    try {
      const run = (...words: string[]) =>
        promisify(execFile)(EXECUTABLE, ['cli', '--daemon', sidecar.readiness.url, ...words], {
          cwd: place.cwd,
          env: { ...place.env, TZ: 'Europe/Berlin' },
        });
      const reminded = await run('remind', 'water the plants', '--at', 'tomorrow 9am', '--json');
      const created = JSON.parse(reminded.stdout) as { id: string; scheduledAt: string };
      // 09:00 in Berlin is 08:00 or 07:00 UTC, whatever the season.
      expect(created.scheduledAt).toMatch(/T0[78]:00:00\.000Z$/);
      const listed = await run('list', '--json');
      expect(listed.stdout).toContain(created.id);
    } finally {
      await sidecar.stop();
    }
  });

  it('refuses a bad setting with one line on stderr, nothing on stdout and exit 1', async () => {
    const place = desktop({ TICKLER_PORT: 'eighty' });
    const result = await promisify(execFile)(EXECUTABLE, [], { cwd: place.cwd, env: place.env })
      .then(() => ({ code: 0, stdout: '', stderr: '' }))
      .catch((error: { code: number; stdout: string; stderr: string }) => error);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain('TICKLER_PORT');
  });
});
