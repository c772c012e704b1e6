import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { daemonPerFile, type ErrorBody, openRaw } from '@tickler/testing';
import { inProcessDaemonPerFile } from './support/in-process-daemon';

// Issue 34, finding 1: a refused body is answered, not reset. Real clients — Node's fetch
// (undici) and curl — against the real daemon process, with its documented limits.

/** The documented body limit of `POST /v1/notifications/batch`. */
const BATCH_LIMIT = 8 * 1024 * 1024;
/** The documented least a refused body is read on before the connection is closed. */
const MIN_DISCARD = 16 * 1024 * 1024;
const BATCH = '/v1/notifications/batch';
/**
 * Uploads per client and size. `npm test` sends 6 (two rounds of AT_ONCE in flight, 36 uploads
 * of 8–80 MiB in all): a reset shows on the first upload the daemon cuts, and every size still
 * goes through both clients with uploads overlapping. The issue-34 size, 30 (180 uploads, 6.5 GB;
 * 90–111 s of `npm test` under load), is a load run:
 * `TICKLER_REFUSED_BODY_ROUNDS=30 npx jest -c apps/daemon/jest.config.js refused-bodies`.
 */
const REQUESTS = Number(process.env.TICKLER_REFUSED_BODY_ROUNDS ?? 6);
/** Uploads in flight at once per client (each fetch copies its body: memory, not speed). */
const AT_ONCE = 3;

const shared = daemonPerFile();

/** `count` calls of `one`, `atOnce` at a time, in order. */
async function inBatches<T>(count: number, atOnce: number, one: () => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let done = 0; done < count; done += atOnce) {
    out.push(...(await Promise.all(Array.from({ length: Math.min(atOnce, count - done) }, one))));
  }
  return out;
}

/**
 * What one fetch POST of `body` got — `<status> <error code> <first field> <Connection>` — or
 * the network error's code (`EPIPE`, `ECONNRESET`).
 */
async function fetchUpload(route: string, body: Uint8Array): Promise<string> {
  try {
    const res = await fetch(`${shared.daemon.url}${route}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${shared.daemon.adminToken}`,
        'content-type': 'application/json',
      },
      body,
    });
    const { code, fields } = ((await res.json()) as ErrorBody).error;
    return `${res.status} ${code} ${fields?.[0]?.path ?? '-'} ${res.headers.get('connection')}`;
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return `network error ${cause?.code ?? cause?.message ?? String(error)}`;
  }
}

/** What one curl upload of `file` got: `413 HTTP.BODY_TOO_LARGE`, or curl's exit and message. */
function curlUpload(file: string): Promise<string> {
  const args = [
    ...['-sS', '-X', 'POST', '-T', file, '-w', '\n%{http_code}'],
    ...['-H', `authorization: Bearer ${shared.daemon.adminToken}`],
    ...['-H', 'content-type: application/json', `${shared.daemon.url}${BATCH}`],
  ];
  return new Promise((resolve) =>
    execFile('curl', args, (error, stdout, stderr) => {
      if (error) {
        resolve(`curl failed (${String(error.code)}): ${stderr.trim()}`);
        return;
      }
      const status = stdout.slice(stdout.lastIndexOf('\n') + 1);
      const body = stdout.slice(0, stdout.lastIndexOf('\n'));
      try {
        resolve(`${status} ${(JSON.parse(body) as ErrorBody).error.code}`);
      } catch {
        resolve(`${status} not the error envelope: ${body.slice(0, 80)}`);
      }
    }),
  );
}

/** `GET /healthz` on a connection of its own (a pooled one could be closed by its idle timeout). */
function healthz(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(`${url}/healthz`, { agent: false }, (res) => {
        res.resume();
        res.once('end', () => resolve(res.statusCode ?? 0));
      })
      .once('error', reject);
  });
}

/**
 * Runs `uploads` while asking `/healthz` again and again; every answer must be 200, and at
 * least one must come while uploads are still running (the event loop is not held by them).
 */
async function whileHealthy<T>(uploads: Promise<T>): Promise<T> {
  let running = true;
  const answers: { status: number; duringUploads: boolean }[] = [];
  const probe = (async () => {
    while (running) {
      const status = await healthz(shared.daemon.url);
      answers.push({ status, duringUploads: running });
    }
  })();
  try {
    return await uploads;
  } finally {
    running = false;
    await probe;
    expect(answers.filter((a) => a.status !== 200)).toEqual([]);
    expect(answers.some((a) => a.duringUploads)).toBe(true);
  }
}

describe('a body over the limit gets its 413 through real clients', () => {
  it.each([1, 2.5, 10])(
    `%s× the limit: ${REQUESTS} uploads through fetch and ${REQUESTS} through curl each get the 413 envelope, none a reset, while /healthz answers`,
    async (factor) => {
      const size = Math.floor(BATCH_LIMIT * factor) + 1;
      const body = new Uint8Array(size).fill(0x20);
      body.set(Buffer.from('{"items":['));
      const file = path.join(shared.daemon.dir, `body-${factor}.json`);
      fs.writeFileSync(file, body);
      try {
        const [viaFetch, viaCurl] = await whileHealthy(
          Promise.all([
            inBatches(REQUESTS, AT_ONCE, () => fetchUpload(BATCH, body)),
            inBatches(REQUESTS, AT_ONCE, () => curlUpload(file)),
          ]),
        );
        expect(viaFetch).toEqual(new Array(REQUESTS).fill('413 HTTP.BODY_TOO_LARGE - close'));
        expect(viaCurl).toEqual(new Array(REQUESTS).fill('413 HTTP.BODY_TOO_LARGE'));
      } finally {
        fs.rmSync(file);
      }
    },
    120_000,
  );

  it('answers a body refused while it arrives (an array over its limit) 400 with Connection: close, through fetch', async () => {
    // 10,001 items first, then padding: refused from the first KiB, 7 MiB still to come.
    const items = `{"items":[${'0,'.repeat(10_000)}0]`;
    const body = new Uint8Array(7 * 1024 * 1024).fill(0x20);
    body.set(Buffer.from(items));
    body[body.length - 1] = 0x7d;
    const answers = await inBatches(5, 1, () => fetchUpload(BATCH, body));
    expect(answers).toEqual(new Array(5).fill('400 VALIDATION_FAILED items close'));
  });

  it('answers malformed JSON 400 with its envelope and Connection: close', async () => {
    const res = await fetch(`${shared.daemon.url}/v1/users/ann/notifications`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${shared.daemon.adminToken}`,
        'content-type': 'application/json',
      },
      body: '{"title":',
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('connection')).toBe('close');
    expect(((await res.json()) as ErrorBody).error.code).toBe('HTTP.INVALID_JSON');
  });
});

/** Headers of an upload to the single-notification route (64 KiB limit) declaring `length`. */
function uploadHead(token: string, length: number): string {
  return `POST /v1/users/ann/notifications HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;
}

describe('the discard is bounded: a client cannot make the daemon read without end', () => {
  it('closes a connection that keeps sending past the bound after its 413 (bytes, not the request timeout), and stays responsive', async () => {
    const declared = 4 * 1024 * 1024 * 1024;
    // Half-open: it goes on sending after the daemon's FIN, as a hostile client would.
    const c = await openRaw(shared.daemon.url, { allowHalfOpen: true });
    c.socket.write(uploadHead(shared.daemon.adminToken, declared));
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    let open = true;
    // Not `closed`: the daemon half-closes after its answer and reads on; `gone` is the end.
    void c.gone.then(() => (open = false));
    // A client that never reads its answer and never stops: writes as fast as the socket takes.
    while (open && c.socket.bytesWritten < declared) {
      if (!c.socket.write(chunk)) {
        await Promise.race([new Promise((done) => c.socket.once('drain', done)), c.gone]);
      }
    }
    await c.gone;
    expect(c.received()).toMatch(/^HTTP\/1\.1 413 /);
    expect(c.received().toLowerCase()).toContain('connection: close');
    expect(c.received()).toContain('"HTTP.BODY_TOO_LARGE"');
    // The bound plus what the sockets' buffers hold in flight (tens of MiB on loopback).
    expect(c.socket.bytesWritten).toBeLessThan(MIN_DISCARD + 112 * 1024 * 1024);
    expect(await healthz(shared.daemon.url)).toBe(200);
  }, 20_000);
});

describe('the discard is bounded in time, on an in-process daemon with a short limit', () => {
  // The request timeout stays at its 30 s: only the discard's own limit can end this test.
  const small = inProcessDaemonPerFile({ discardTimeoutMs: 300 });

  it('closes a connection that trickles the rest of a refused body, and stays responsive', async () => {
    const c = await openRaw(small.running.url, { allowHalfOpen: true });
    c.socket.write(uploadHead(small.running.adminToken, 1_000_000));
    const trickle = setInterval(() => c.socket.write(' '), 50);
    try {
      await c.gone;
    } finally {
      clearInterval(trickle);
    }
    expect(c.received()).toMatch(/^HTTP\/1\.1 413 /);
    expect(await healthz(small.running.url)).toBe(200);
  }, 10_000);
});
