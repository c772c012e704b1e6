import { randomBytes } from 'node:crypto';
import net from 'node:net';
import pg from 'pg';
import { testPostgresUrl } from '@tickler/core/testing';
import { Api, DaemonProcess, eventually, runToExit } from '@tickler/testing';

/** A port nothing listens on (bound, then released). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A TCP relay to the test PostgreSQL: "the server comes up" on `port` when it starts. */
async function relayTo(target: URL, port: number): Promise<net.Server> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => undefined);
      s.on('close', () => sockets.delete(s));
    }
    client.pipe(upstream).pipe(client);
  });
  server.on('close', () => sockets.forEach((s) => s.destroy()));
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}

function urlAt(port: number): string {
  const url = new URL(testPostgresUrl());
  url.host = `127.0.0.1:${port}`;
  return url.toString();
}

describe('PostgreSQL unreachable at start (issue 16)', () => {
  it('retries with one line per wait, then gives up with one line naming the settings', async () => {
    const port = await freePort();
    const { code, stderr } = await runToExit({
      TICKLER_DB: `${DaemonProcess.tempDir()}/tickler.db`,
      TICKLER_DATABASE_URL: urlAt(port),
      TICKLER_DATABASE_RETRY: '1s',
      TICKLER_PORT: '0',
    });
    const lines = stderr.trim().split('\n');
    expect(code).toBe(1);
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const line of lines.slice(0, -1)) {
      expect(line).toMatch(
        new RegExp(
          `^tickler daemon: PostgreSQL at 127\\.0\\.0\\.1:${port} is unreachable \\(ECONNREFUSED\\); retrying in [\\d.]+ s`,
        ),
      );
    }
    expect(lines.at(-1)).toBe(
      `tickler daemon: PostgreSQL at 127.0.0.1:${port} is unreachable (ECONNREFUSED) after 1 s of retries — is the server running? check TICKLER_DATABASE_URL, or wait longer with TICKLER_DATABASE_RETRY`,
    );
  });

  it('starts as soon as the server comes up, instead of exiting in a crash loop', async () => {
    const port = await freePort();
    const schema = `t_retry_${randomBytes(6).toString('hex')}`;
    const daemon = new DaemonProcess(DaemonProcess.tempDir(), {
      TICKLER_DATABASE_URL: urlAt(port),
      TICKLER_DATABASE_SCHEMA: schema,
      TICKLER_ADMIN_TOKEN: randomBytes(24).toString('hex'),
    });
    const started = daemon.start();
    let relay: net.Server | undefined;
    try {
      await eventually(() => (daemon.stderr.includes('retrying in') ? true : undefined));
      relay = await relayTo(new URL(testPostgresUrl()), port);
      await started;
      expect((await new Api(daemon.url).get('/healthz')).status).toBe(200);
    } finally {
      if (daemon.running) {
        await daemon.terminate();
      }
      await started.catch(() => undefined);
      await new Promise((resolve) => (relay ? relay.close(resolve) : resolve(undefined)));
      const db = new pg.Client({ connectionString: testPostgresUrl() });
      await db.connect();
      await db.query(`drop schema if exists ${schema} cascade`);
      await db.end();
    }
  });
});
