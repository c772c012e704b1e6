import path from 'node:path';
import { Application, ManualClock, tablesOf } from '@tickler/core';
import { createTempDirectory, openTestDatabase, type TempDirectory } from '@tickler/core/testing';
import { sql } from 'kysely';
import { notificationsContext } from '../src/context';
import { type NotificationsTables } from '../src/shared/infrastructure/notifications.tables';
import { sendCommand } from '../src/testing';
import { type Child, spawnFixture } from '@tickler/testing';

// PostgreSQL only (jest.postgres.config.js): several dispatcher processes on one database.
const WORKER = path.join(__dirname, 'fixtures/dispatcher-worker.ts');
const T0 = '2026-09-10T08:00:00.000Z';
const at = (ms: number): string => new Date(Date.parse(T0) + ms).toISOString();
const N = 2_000;

let dir: TempDirectory;
let children: Child[] = [];

beforeEach(() => {
  dir = createTempDirectory('tickler-pg-');
});

afterEach(() => {
  for (const child of children) {
    child.kill('SIGKILL');
  }
  children = [];
  dir.remove();
});

describe('two dispatcher processes on one PostgreSQL database', () => {
  it('deliver every due row exactly once between them (FOR UPDATE SKIP LOCKED), and both take part', async () => {
    const file = dir.file('shared');
    const seed = await Application.create({
      database: await openTestDatabase({ file }),
      contexts: [notificationsContext()],
      clock: new ManualClock(T0),
    });
    await seed.uow.run(async () => {
      for (let i = 0; i < N; i++) {
        await seed.dispatch(
          sendCommand({ recipientId: `user${i % 17}`, title: `n${i}`, scheduledAt: at(1_000 + i) }),
        );
      }
    });
    await seed.stop();

    const now = at(3_600_000);
    children = [spawnFixture(WORKER, [file, now, '25']), spawnFixture(WORKER, [file, now, '25'])];
    await Promise.all(children.map((c) => c.line((l) => l === 'ready')));
    for (const child of children) {
      child.write('go\n');
    }
    const totals = await Promise.all(children.map((c) => c.line((l) => l.startsWith('sent '))));
    const exits = await Promise.all(children.map((c) => c.exited));
    expect({ exits, stderr: children.map((c) => c.stderr()).filter(Boolean) }).toEqual({
      exits: [
        { code: 0, signal: null },
        { code: 0, signal: null },
      ],
      stderr: [],
    });
    const sentBy = totals.map((line) => Number(line.split(' ')[1]));
    expect(sentBy.reduce((a, b) => a + b, 0)).toBe(N);
    expect(sentBy.every((n) => n > 0)).toBe(true);

    const check = await openTestDatabase({ file });
    const db = tablesOf<NotificationsTables>(check.kysely);
    const byStatus = await db
      .selectFrom('notification_deliveries')
      .select(['status', sql<number>`count(*)`.as('n')])
      .groupBy('status')
      .execute();
    const inbox = await sql<{
      rows: number;
      deliveries: number;
    }>`select count(*) as rows, count(distinct notification_id) as deliveries from notification_inbox`.execute(
      check.kysely,
    );
    await check.close();
    expect(byStatus).toEqual([{ status: 'sent', n: N }]);
    expect(inbox.rows[0]).toEqual({ rows: N, deliveries: N });
  }, 60_000);
});
