import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { type InboxItemJson, type Page } from '@tickler/notifications';
import {
  Api,
  DaemonProcess,
  dropAfterFile,
  eventually,
  testPostgresUrl,
  testSchemaFor,
} from '@tickler/testing';
import { TICKLER_BIN, tickler } from './support/processes';

const TOKEN = 'migrate-test-admin-token-0123456789';
/** Far-future reminders beside the one that falls due: enough rows for many batches of 1. */
const LATER_COUNT = 300;

interface Report {
  copied: number;
  match: boolean;
  tables: { table: string; sourceRows: number; targetRows: number; copied: number }[];
}

/** One statement on the test server in `schema` (real PostgreSQL, never a mock). */
async function inSchema<T>(schema: string, text: string): Promise<T[]> {
  const client = new pg.Client({
    connectionString: testPostgresUrl(),
    options: `-c search_path=${schema}`,
  });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

/** Runs `tickler migrate` and kills it with SIGKILL once `stderr` shows `killAt` (mid-copy). */
function migrateKilledAt(args: readonly string[], killAt: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [TICKLER_BIN, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (killAt.test(stderr)) {
        child.kill('SIGKILL');
      }
    });
    child.once('exit', (code, signal) =>
      signal === 'SIGKILL' ? resolve(stderr) : reject(new Error(`ended ${code}: ${stderr}`)),
    );
  });
}

/**
 * A real daemon's SQLite file: LATER_COUNT reminders due tomorrow and one due a few seconds on
 * (created last, the daemon stopped before it fires).
 */
async function desktopDatabase(): Promise<{ dbFile: string; movingId: string; due: string }> {
  const source = new DaemonProcess(DaemonProcess.tempDir(), {
    // Empty = unset: this daemon stores in its SQLite file even on PostgreSQL runs.
    TICKLER_DATABASE_URL: '',
    TICKLER_ADMIN_TOKEN: TOKEN,
    TICKLER_GRACE: '1h',
  });
  await source.start();
  try {
    const api = new Api(source.url, TOKEN);
    const later = new Date(Date.now() + 86_400_000).toISOString();
    const bulk = await api.post('/v1/notifications/batch', {
      items: Array.from({ length: LATER_COUNT }, (_, i) => ({
        userId: `u${i % 7}`,
        title: `later ${i}`,
        message: '',
        scheduledAt: later,
      })),
    });
    expect(bulk.status).toBe(200);
    const due = new Date(Date.now() + 5_000).toISOString();
    const created = await api.post<{ id: string }>('/v1/users/mover/notifications', {
      title: 'water the plants',
      message: 'moved to the server',
      scheduledAt: due,
    });
    expect(created.status).toBe(201);
    return { dbFile: source.dbFile, movingId: created.body.id, due };
  } finally {
    expect((await source.terminate()).code).toBe(0);
  }
}

describe("tickler migrate: a real daemon's SQLite file into real PostgreSQL (issue 16)", () => {
  it('copies, survives SIGKILL mid-copy, copies nothing new on a re-run, and the server delivers what fell due', async () => {
    const { dbFile, movingId, due } = await desktopDatabase();
    expect(Date.now()).toBeLessThan(Date.parse(due));

    const schema = testSchemaFor();
    dropAfterFile(schema);
    const args = ['migrate', '--from', dbFile, '--to', testPostgresUrl(), '--schema', schema];

    // Killed half-way through the deliveries (batches of one row, each its own transaction).
    await migrateKilledAt(
      ['--verbose', ...args, '--batch-size', '1'],
      /notification_deliveries 50\/\d+ rows copied/,
    );
    const [half] = await inSchema<{ n: string }>(
      schema,
      'select count(*) as n from notification_deliveries',
    );
    expect(Number(half?.n)).toBeGreaterThanOrEqual(50);
    expect(Number(half?.n)).toBeLessThan(LATER_COUNT + 1);

    // The re-run completes: every table's rows and checksum equal, nothing twice.
    const resumed = await tickler(['--json', ...args]);
    expect(resumed.code).toBe(0);
    const report = JSON.parse(resumed.stdout) as Report;
    expect(report.match).toBe(true);
    const deliveries = report.tables.find((t) => t.table === 'notification_deliveries');
    expect(deliveries).toMatchObject({ sourceRows: LATER_COUNT + 1, targetRows: LATER_COUNT + 1 });
    expect(deliveries!.copied).toBe(LATER_COUNT + 1 - Number(half?.n));
    // Every context the daemon composes is copied, the calendar's tables too (issue 27).
    expect(report.tables.map((t) => t.table)).toEqual(
      expect.arrayContaining(['calendar_sources', 'calendar_feeds', 'auth_user_tokens']),
    );

    // Idempotent: a second full run copies nothing and says so, in the table it prints.
    const again = await tickler(args);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/^notification_deliveries\s+301\s+301\s+0\s+(\w{16})\s+\1\s+ok$/m);
    expect(again.stdout).toMatch(/^nothing new to copy: the target already held every row/m);

    // A target row that differs from its source row: the comparison says so and exits 1.
    await inSchema(
      schema,
      "update notification_bodies set title = 'changed on the server' where title = 'later 7'",
    );
    const differs = await tickler(args);
    expect(differs.code).toBe(1);
    expect(differs.stdout).toMatch(
      /^notification_bodies\s+301\s+301\s+0\s+\w{16}\s+\w{16}\s+MISMATCH$/m,
    );
    expect(differs.stderr).toBe(
      'tickler: the target differs from the source in notification_bodies\n',
    );
    await inSchema(
      schema,
      "update notification_bodies set title = 'later 7' where title = 'changed on the server'",
    );

    // A daemon on the target delivers the copied reminder (waiting out the downtime past its
    // due instant, as a move does; not a schedule of the test's own).
    const server = new DaemonProcess(DaemonProcess.tempDir(), {
      TICKLER_DATABASE_URL: testPostgresUrl(),
      TICKLER_DATABASE_SCHEMA: schema,
      TICKLER_ADMIN_TOKEN: TOKEN,
      TICKLER_GRACE: '1h',
    });
    await server.start();
    try {
      const onServer = new Api(server.url, TOKEN);
      const item = await eventually(async () => {
        const inbox = await onServer.get<Page<InboxItemJson>>('/v1/users/mover/inbox');
        return inbox.body.items.find((i) => i.notificationId === movingId);
      }, 60_000);
      expect(item.title).toBe('water the plants');
      // The push key pair came along from vapid.json: existing push subscriptions keep working.
      const pair = JSON.parse(
        fs.readFileSync(path.join(path.dirname(dbFile), 'vapid.json'), 'utf8'),
      ) as { publicKey: string };
      const key = await onServer.get<{ publicKey: string }>('/v1/push/vapid-public-key');
      expect(key.body.publicKey).toBe(pair.publicKey);
      const kept = await onServer.get<Page<unknown>>('/v1/users/u0/notifications?status=scheduled');
      expect(kept.body.items.length).toBeGreaterThan(0);
    } finally {
      expect((await server.terminate()).code).toBe(0);
    }
  }, 170_000);

  it("refuses a target whose migrations are newer than the source's, in one line naming both", async () => {
    const source = await new DaemonProcess(DaemonProcess.tempDir(), {
      TICKLER_DATABASE_URL: '',
    }).start();
    await source.terminate();
    const schema = testSchemaFor();
    dropAfterFile(schema);
    // What a newer build leaves in the ledger it migrated.
    await inSchema(schema, `create schema ${schema}`);
    await inSchema(
      schema,
      "create table shared_migrations (name varchar(255) primary key, timestamp varchar(255) not null); insert into shared_migrations values ('2099_01_01_0000_from_a_newer_build', '2099-01-01T00:00:00Z')",
    );
    const run = await tickler([
      'migrate',
      '--from',
      source.dbFile,
      '--to',
      testPostgresUrl(),
      '--schema',
      schema,
    ]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(
      /^tickler: the target has newer migrations than the source \(target at 2099_01_01_0000_from_a_newer_build, source at \d{4}_\d\d_\d\d_\d{4}_\w+\); [^\n]+\n$/,
    );

    // No server at that address: one line naming it (the password hidden), exit 1.
    const nowhere = await tickler([
      'migrate',
      '--from',
      source.dbFile,
      '--to',
      'postgres://someone:hunter2@127.0.0.1:1/test',
    ]);
    expect(nowhere.code).toBe(1);
    expect(nowhere.stderr).toMatch(
      /^tickler: cannot use PostgreSQL at postgres:\/\/someone:\*\*\*@127\.0\.0\.1:1\/test: [^\n]+\n$/,
    );
  });

  it('names the field of a wrong command line and exits 2', async () => {
    const run = await tickler([
      'migrate',
      '--from',
      '/nonexistent/tickler.db',
      '--to',
      'mysql://x',
    ]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^tickler: .*--to.*must be a postgres:\/\/ URL[^\n]*\n$/);
  });

  it('asks a running daemon (--daemon) over its admin route, which names a bad field', async () => {
    const source = await new DaemonProcess(DaemonProcess.tempDir(), {
      TICKLER_DATABASE_URL: '',
    }).start();
    await source.terminate();
    const asked = await new DaemonProcess(DaemonProcess.tempDir(), {
      TICKLER_ADMIN_TOKEN: TOKEN,
    }).start();
    try {
      const schema = testSchemaFor();
      dropAfterFile(schema);
      const daemon = ['--daemon', asked.url, '--token', TOKEN];
      const copy = ['migrate', '--from', source.dbFile, '--to', testPostgresUrl()];
      const run = await tickler(['--json', ...daemon, ...copy, '--schema', schema]);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      const report = JSON.parse(run.stdout) as Report;
      expect(report.match).toBe(true);
      expect(report.tables.map((t) => t.table)).toContain('calendar_reminders');
      const [ledger] = await inSchema<{ n: string }>(
        schema,
        'select count(*) as n from calendar_migrations',
      );
      expect(Number(ledger?.n)).toBeGreaterThan(0);

      const bad = await tickler([...daemon, ...copy, '--schema', 'Not-A-Schema']);
      expect(bad.code).toBe(1);
      expect(bad.stderr).toMatch(
        /^tickler: invalid input: schema: [^\n]*must be lowercase[^\n]*\n$/,
      );
    } finally {
      expect((await asked.terminate()).code).toBe(0);
    }
  });
});
