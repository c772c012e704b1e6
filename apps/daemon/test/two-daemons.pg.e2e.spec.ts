import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { testPostgresUrl } from '@tickler/core/testing';
import { type NotificationJson } from '@tickler/notifications';
import { Api, DaemonProcess, eventually } from '@tickler/testing';
import { inMs } from './support/fixtures';

// PostgreSQL only (jest.postgres.config.js): two daemon processes share one database schema.
const N = 300;
const USERS = 10;
const ADMIN = randomBytes(24).toString('hex');
const schema = `t_e2e_${randomBytes(6).toString('hex')}`;
let daemons: DaemonProcess[] = [];
let db: pg.Client;

beforeAll(async () => {
  db = new pg.Client({ connectionString: testPostgresUrl(), options: `-c search_path=${schema}` });
  await db.connect();
});

afterAll(async () => {
  for (const daemon of daemons.filter((d) => d.running)) {
    await daemon.terminate();
  }
  await db.query(`drop schema if exists ${schema} cascade`);
  await db.end();
});

async function count(query: string): Promise<number> {
  const { rows } = await db.query<{ n: string }>(query);
  return Number(rows[0]?.n);
}

describe('two daemons on one PostgreSQL schema', () => {
  it('start together on a new schema and deliver a batch of due rows, each exactly once', async () => {
    const env = {
      TICKLER_DATABASE_URL: testPostgresUrl(),
      TICKLER_DATABASE_SCHEMA: schema,
      TICKLER_ADMIN_TOKEN: ADMIN,
    };
    // Started at once: the migrations' advisory lock lets one build the schema, the other wait.
    daemons = await Promise.all([
      new DaemonProcess(DaemonProcess.tempDir(), env).start(),
      new DaemonProcess(DaemonProcess.tempDir(), env).start(),
    ]);
    const apis = daemons.map((d) => new Api(d.url, ADMIN));
    const dueAt = inMs(3_000);
    const created: string[] = [];
    for (let i = 0; i < N; i++) {
      const api = apis[i % 2] as Api;
      const res = await api.post<NotificationJson>(`/v1/users/u${i % USERS}/notifications`, {
        title: `n${i}`,
        message: 'm',
        scheduledAt: dueAt,
      });
      expect(res.status).toBe(201);
      created.push(res.body.id);
    }
    expect(new Set(created).size).toBe(N);

    await eventually(
      async () =>
        (await count(`select count(*) as n from notification_deliveries where status = 'sent'`)) ===
        N
          ? true
          : undefined,
      30_000,
    );
    // The projector runs after the sending commit: wait for its N log rows.
    await eventually(
      async () =>
        (await count(`select count(*) as n from notification_delivery_log`)) >= N
          ? true
          : undefined,
      30_000,
    );
    expect(await count(`select count(*) as n from notification_deliveries`)).toBe(N);
    expect(await count(`select count(*) as n from notification_inbox`)).toBe(N);
    expect(await count(`select count(distinct notification_id) as n from notification_inbox`)).toBe(
      N,
    );
    // No uniqueness on the log's delivery_id: a double send or double projection would show here.
    expect(await count(`select count(*) as n from notification_delivery_log`)).toBe(N);
    expect(
      await count(`select count(distinct delivery_id) as n from notification_delivery_log`),
    ).toBe(N);
    expect(await count(`select count(*) as n from notifications_migrations`)).toBeGreaterThan(0);

    for (const daemon of daemons) {
      expect(await daemon.terminate()).toEqual({ code: 0, signal: null });
    }
    // Nothing on stderr but the first-reminder text a person's terminal gets (issue 15 finding 7).
    expect(
      daemons.map((d) => d.stderr.replace(/^\nTickler is listening on [^]*?\n\n/, '')),
    ).toEqual(['', '']);
  });
});
