import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import { type AddressInfo } from 'node:net';
import path from 'node:path';
import { Api, DAEMON_MAIN, DaemonProcess, eventually } from '@tickler/testing';

type Exit = { code: number | null; signal: NodeJS.Signals | null };

/** `node dist/main.js | <reader>` with a real pipe; the reader's output goes to `out`. */
function pipeline(reader: string, args: string[], out: string) {
  const dir = DaemonProcess.tempDir();
  const sink = fs.openSync(out, 'w');
  const readerProcess = spawn(reader, args, { stdio: ['pipe', sink, 'inherit'] });
  const daemon = spawn(process.execPath, [DAEMON_MAIN], {
    env: {
      ...process.env,
      TICKLER_DB: path.join(dir, 'tickler.db'),
      TICKLER_PORT: '0',
      // Long enough that a stop waiting for in-flight work is still waiting at a second signal.
      TICKLER_STOP_TIMEOUT: '30s',
      // The test's webhook receiver listens on 127.0.0.1.
      TICKLER_ALLOW_PRIVATE_TARGETS: 'true',
    },
    stdio: ['ignore', readerProcess.stdin, 'pipe'],
  });
  let stderr = '';
  daemon.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<Exit>((resolve) =>
    daemon.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const readerExited = new Promise<void>((resolve) => readerProcess.once('exit', () => resolve()));
  return { dir, daemon, readerProcess, exited, readerExited, stderr: () => stderr };
}

describe('the daemon and its stdout pipe (real processes)', () => {
  it('stops cleanly (exit 0) by itself when the reader of its log exits: node main.js | head -c 100', async () => {
    const out = path.join(DaemonProcess.tempDir(), 'head.out');
    const run = pipeline('head', ['-c', '100'], out);
    await run.readerExited;
    expect(await run.exited).toEqual({ code: 0, signal: null });
    expect(fs.readFileSync(out, 'utf8')).toHaveLength(100);
    // Nothing went wrong: stderr holds only the first-reminder text printed for a person.
    expect(run.stderr().replace(/^\nTickler is listening on [^]*?\n\n/, '')).toBe('');
  });

  it('exits 0 on SIGTERM after its reader was killed (| tee, then the reader dies first)', async () => {
    const out = path.join(DaemonProcess.tempDir(), 'tee.out');
    const run = pipeline('tee', ['/dev/null'], out);
    await eventually(async () =>
      Promise.resolve(fs.readFileSync(out, 'utf8').includes('"msg":"listening"') || undefined),
    );
    run.readerProcess.kill('SIGKILL');
    await run.readerExited;
    run.daemon.kill('SIGTERM');
    expect(await run.exited).toEqual({ code: 0, signal: null });
  });

  it('ends at once (130) on a second signal while the first waits for in-flight work, its reader gone', async () => {
    // A webhook receiver that takes the request and never answers: the first SIGTERM waits for
    // it (up to the webhook timeout), the second must not — even with every log write failing.
    let received!: () => void;
    const gotRequest = new Promise<void>((resolve) => (received = resolve));
    const hanging = http.createServer(() => received());
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const port = (hanging.address() as AddressInfo).port;
    const out = path.join(DaemonProcess.tempDir(), 'tee.out');
    const run = pipeline('tee', ['/dev/null'], out);
    try {
      const listening = await eventually(async () =>
        Promise.resolve(
          fs
            .readFileSync(out, 'utf8')
            .split('\n')
            .filter((line) => line.includes('"msg":"listening"'))
            .map((line) => JSON.parse(line) as { url: string })[0],
        ),
      );
      const token = fs.readFileSync(path.join(run.dir, 'admin.token'), 'utf8').trim();
      const api = new Api(listening.url, token);
      const sub = await api.post('/v1/users/ann/subscriptions', {
        kind: 'webhook',
        url: `http://127.0.0.1:${port}/hook`,
      });
      expect(sub.status).toBe(201);
      const sent = await api.post('/v1/users/ann/notifications', {
        title: 't',
        message: 'm',
        channel: 'webhook',
      });
      expect(sent.status).toBe(201);
      await gotRequest;
      run.readerProcess.kill('SIGKILL');
      await run.readerExited;
      run.daemon.kill('SIGTERM');
      // The server stops listening first: then the stop is under way, waiting for the webhook.
      await eventually(() =>
        fetch(`${listening.url}/healthz`).then(
          () => undefined,
          () => true,
        ),
      );
      run.daemon.kill('SIGTERM');
      // 130 is the "second signal" exit; a clean stop would be 0.
      expect(await run.exited).toEqual({ code: 130, signal: null });
    } finally {
      hanging.closeAllConnections();
      hanging.close();
    }
  });
});
