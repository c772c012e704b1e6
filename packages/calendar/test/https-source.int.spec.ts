import fs from 'node:fs';
import https from 'node:https';
import { type AddressInfo } from 'node:net';
import path from 'node:path';
import { type Application } from '@tickler/core';
import { createTempDirectory, type TempDirectory } from '@tickler/core/testing';
import {
  createSelfSignedCertificate,
  type SelfSignedCertificate,
} from '@tickler/notifications/testing';
import { AddCalendar, SyncCalendar } from '../src';
import { createCalendarTestApp } from '../src/testing';

// A calendar at an https URL, served by a real TLS server on 127.0.0.1: the notifications
// context's outbound address rule at registration and at connect time, redirects checked and
// bounded, size and time limits.

const GOOGLE = fs.readFileSync(path.join(__dirname, 'fixtures/ics/google-work.ics'), 'utf8');
const NOW = '2026-10-20T08:00:00.000Z';

let cert: SelfSignedCertificate;
let server: https.Server;
let base: string;
let dir: TempDirectory;
const apps: Application[] = [];

beforeAll(async () => {
  cert = createSelfSignedCertificate();
  server = https.createServer({ cert: cert.cert, key: cert.key }, (request, response) => {
    const url = request.url ?? '';
    const redirect = (to: string) => response.writeHead(302, { location: to }).end();
    if (url === '/work.ics') {
      response.writeHead(200, { 'content-type': 'text/calendar' }).end(GOOGLE);
    } else if (url === '/moved') {
      redirect('/work.ics');
    } else if (url === '/to-http') {
      redirect(`http://127.0.0.1:${(server.address() as AddressInfo).port}/work.ics`);
    } else if (url === '/to-userinfo') {
      redirect(`https://user:secret@127.0.0.1:${(server.address() as AddressInfo).port}/work.ics`);
    } else if (url.startsWith('/loop')) {
      redirect(`/loop${url.length}`);
    } else if (url === '/declared-big') {
      response.writeHead(200, { 'content-length': String(10 * 1024 * 1024) });
      response.write('BEGIN:VCALENDAR\r\n');
      // Never finishes: the reader must not wait for a body it has refused.
    } else if (url === '/streamed-big') {
      response.writeHead(200);
      const chunk = 'X-PAD:' + 'a'.repeat(16 * 1024) + '\r\n';
      for (let i = 0; i < 8; i++) {
        response.write(chunk);
      }
      response.end();
    } else if (url === '/silent') {
      // Headers never come.
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  cert.remove();
});

beforeEach(() => {
  dir = createTempDirectory();
});

afterEach(async () => {
  for (const app of apps.splice(0)) {
    await app.stop();
  }
  dir.remove();
});

async function boot(allowPrivateTargets = true) {
  const booted = await createCalendarTestApp({
    at: NOW,
    file: dir.file('app.db'),
    trustedCa: cert.cert,
    maxBytes: 64 * 1024,
    fetchTimeoutMs: 1500,
    notifications: { allowPrivateTargets },
  });
  apps.push(booted.app);
  return booted.app;
}

async function add(app: Application, source: string) {
  return app.dispatch(
    Object.assign(new AddCalendar(), {
      recipientId: 'alice',
      source,
      name: 'Remote',
      timeZone: 'Europe/Berlin',
    }),
  );
}

async function syncError(app: Application, source: string): Promise<string | null> {
  const calendar = await add(app, source);
  const result = await app.dispatch(
    Object.assign(new SyncCalendar(), { recipientId: 'alice', calendarId: calendar.id }),
  );
  return result.calendar.lastError;
}

describe('a calendar at an https URL', () => {
  it('is downloaded and imported, following a checked redirect; webcal: means https', async () => {
    const app = await boot();
    const calendar = await add(app, `${base.replace('https:', 'webcal:')}/moved`);
    expect(calendar.source).toBe(`${base}/moved`);
    const result = await app.dispatch(
      Object.assign(new SyncCalendar(), { recipientId: 'alice', calendarId: calendar.id }),
    );
    expect(result.calendar).toMatchObject({ lastError: null, eventCount: 5 });
    expect(result.reminders?.created).toBeGreaterThan(20);
  });

  it('a private address is refused at registration unless private targets are allowed', async () => {
    const app = await boot(false);
    await expect(add(app, `${base}/work.ics`)).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      field: 'source',
    });
    await expect(add(app, 'http://example.com/cal.ics')).rejects.toMatchObject({
      message: 'source: must be an https URL or a file path (http: is refused)',
    });
  });

  it('the rule holds again at connect time (a source registered while it was lifted)', async () => {
    const allowed = await boot(true);
    const calendar = await add(allowed, `${base}/work.ics`);
    await allowed.stop();
    apps.length = 0;
    const strict = await boot(false);
    const result = await strict.dispatch(
      Object.assign(new SyncCalendar(), { recipientId: 'alice', calendarId: calendar.id }),
    );
    expect(result.calendar.lastError).toBe(
      'the server is not at a public address (TICKLER_ALLOW_PRIVATE_TARGETS=true lifts this rule)',
    );
  });

  it('redirects: only to https, through the address rule, at most 3', async () => {
    const app = await boot();
    expect(await syncError(app, `${base}/to-http`)).toBe(
      'a redirect was refused: location: only https is followed (got http:)',
    );
    expect(await syncError(app, `${base}/to-userinfo`)).toBe(
      'a redirect was refused: location: a URL with user:password@ is refused',
    );
    expect(await syncError(app, `${base}/loop`)).toBe('more than 3 redirects');
  });

  it('size and time limits: a declared or streamed body over the limit, a server that never answers', async () => {
    const app = await boot();
    expect(await syncError(app, `${base}/declared-big`)).toBe('the calendar is larger than 64 KiB');
    expect(await syncError(app, `${base}/streamed-big`)).toBe('the calendar is larger than 64 KiB');
    expect(await syncError(app, `${base}/silent`)).toBe('the download took longer than 2 s');
    expect(await syncError(app, `${base}/gone`)).toBe('the server answered 404');
  });
});
