import fs from 'node:fs';
import path from 'node:path';
import {
  type Application,
  BoundedContext,
  type DomainEvent,
  type Transaction,
  type TransactionPolicy,
} from '@tickler/core';
import {
  createTempDirectory,
  createTestApplication,
  type TempDirectory,
} from '@tickler/core/testing';
import { notificationsContext } from '@tickler/notifications/context';
import { injectable } from 'inversify';
import { sql } from 'kysely';
import { AddCalendar, SyncCalendar } from '../src';
import { calendarContext } from '../src/context';
import { TEST_IMPORT_WORKER } from '../src/testing';

// The calendar context dispatches the notifications context's `ReconcileScheduled` inside its
// own unit of work: the calendar's rows and the deliveries commit in ONE transaction, and a
// throw anywhere in it rolls both back. A probe policy (the kernel runs policies inside every
// unit of work, just before commit) looks into that transaction, and can make it fail.

const GOOGLE = fs.readFileSync(path.join(__dirname, 'fixtures/ics/google-work.ics'), 'utf8');

const probe = {
  fail: false,
  /** What the policy saw inside the sync's transaction, before it committed. */
  seenInside: [] as { scheduledEvents: number; reminders: number; deliveries: number }[],
};

async function count(tx: Transaction, query: string): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`${sql.raw(query)}`.execute(tx.db);
  return Number(rows[0]?.n);
}

@injectable()
class ProbePolicy implements TransactionPolicy {
  async beforeCommit(tx: Transaction, events: readonly DomainEvent[]): Promise<void> {
    const scheduled = events.filter((e) => e.type === 'notifications.scheduled').length;
    if (scheduled === 0) {
      return;
    }
    probe.seenInside.push({
      scheduledEvents: scheduled,
      reminders: await count(tx, 'select count(*) as n from calendar_reminders'),
      deliveries: await count(
        tx,
        "select count(*) as n from notification_deliveries where source_app = 'calendar'",
      ),
    });
    if (probe.fail) {
      throw new Error('probe: the unit of work fails after the reconcile');
    }
  }
}

const probeContext = BoundedContext.create({
  name: 'probe',
  migrations: {},
  policies: [ProbePolicy],
});

let dir: TempDirectory;
let app: Application;

beforeEach(async () => {
  dir = createTempDirectory();
  probe.fail = false;
  probe.seenInside = [];
  ({ app } = await createTestApplication(
    [
      notificationsContext({ allowPrivateTargets: true }),
      calendarContext({ importWorker: TEST_IMPORT_WORKER }),
      probeContext,
    ],
    { start: '2026-10-20T08:00:00.000Z' },
  ));
});

afterEach(async () => {
  await app.stop();
  dir.remove();
});

async function rows(query: string): Promise<number> {
  const { rows: result } = await sql<{ n: number | string }>`${sql.raw(query)}`.execute(
    app.database.kysely,
  );
  return Number(result[0]?.n);
}

async function addAndSync(): Promise<string> {
  const file = dir.file('work.ics');
  fs.writeFileSync(file, GOOGLE);
  const calendar = await app.dispatch(
    Object.assign(new AddCalendar(), {
      recipientId: 'alice',
      source: file,
      name: 'Work',
      timeZone: 'Europe/Berlin',
    }),
  );
  await app.dispatch(
    Object.assign(new SyncCalendar(), { recipientId: 'alice', calendarId: calendar.id }),
  );
  return calendar.id;
}

describe("the calendar's unit of work with the notifications context's command in it", () => {
  it('commits together: inside one transaction, before commit, both the reminders and the deliveries exist', async () => {
    await addAndSync();
    expect(probe.seenInside).toHaveLength(1);
    const [inside] = probe.seenInside;
    expect(inside!.reminders).toBeGreaterThan(20);
    expect(inside!.deliveries).toBe(inside!.scheduledEvents);
    expect(inside!.deliveries).toBeGreaterThan(20);
    expect(await rows('select count(*) as n from calendar_reminders')).toBe(inside!.reminders);
    expect(
      await rows("select count(*) as n from notification_deliveries where source_app = 'calendar'"),
    ).toBe(inside!.deliveries);
    // The reconcile's wake-up of the dispatcher committed with them.
    expect(
      await rows(
        "select count(*) as n from shared_scheduled_commands where command_type = 'notifications.deliver-due'",
      ),
    ).toBe(1);
  });

  it('rolls back together: a throw after the reconcile leaves neither the reminders, nor the deliveries, nor their wake-up', async () => {
    probe.fail = true;
    await expect(addAndSync()).rejects.toThrow('probe: the unit of work fails after the reconcile');
    // It did get as far as the reconcile, inside the transaction…
    expect(probe.seenInside[0]?.deliveries).toBeGreaterThan(20);
    // …and nothing of it is left.
    expect(await rows('select count(*) as n from calendar_reminders')).toBe(0);
    expect(await rows('select count(*) as n from notification_deliveries')).toBe(0);
    expect(
      await rows(
        "select count(*) as n from shared_scheduled_commands where command_type = 'notifications.deliver-due'",
      ),
    ).toBe(0);
    expect(
      await rows('select count(*) as n from calendar_sources where synced_at is not null'),
    ).toBe(0);

    // The next sync, the probe quiet, writes both.
    probe.fail = false;
    const [calendar] = (
      await sql<{ id: string }>`select id from calendar_sources`.execute(app.database.kysely)
    ).rows;
    await app.dispatch(
      Object.assign(new SyncCalendar(), { recipientId: 'alice', calendarId: calendar!.id }),
    );
    expect(await rows('select count(*) as n from calendar_reminders')).toBeGreaterThan(20);
    expect(await rows('select count(*) as n from notification_deliveries')).toBeGreaterThan(20);
  });
});
