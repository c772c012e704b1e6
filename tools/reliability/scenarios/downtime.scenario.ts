import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { Application, ManualClock, tablesOf } from '@tickler/core';
import { notificationsContext } from '@tickler/notifications/context';
import { CancelNotification, SendNotification } from '@tickler/notifications';
import { EventRecorder } from '../support/event-recorder';
import { probeJobsContext, probeRunCounts } from '../support/probe-jobs.context';
import { type ScenarioResult, Violations } from '../support/scenario-result';
import { openScenarioDatabase } from '../support/scenario-database';

/** Deliveries per class; the fast variant uses a few dozen, torture thousands. */
export interface DowntimeOptions {
  readonly perClass: number;
}

// Friday before the spring-forward change in Europe: the 3 days of downtime cross it.
const T0 = '2026-03-27T12:00:00.000Z';
const HOUR = 3_600_000;
const DAYS_DOWN = 3;
const GRACE_MS = 12 * HOUR;
const at = (ms: number): string => new Date(Date.parse(T0) + ms).toISOString();

interface JobRow {
  key: string;
  runs: number;
  skipped_runs: number;
  repeat_every_ms: number | null;
}

async function jobRows(app: Application): Promise<Map<string, JobRow>> {
  const rows =
    await sql<JobRow>`select key, runs, skipped_runs, repeat_every_ms from shared_scheduled_commands where repeat_every_ms is not null or repeat_cron is not null`.execute(
      app.database.kysely,
    );
  return new Map(rows.rows.map((r) => [r.key, r]));
}

async function open(file: string, clock: ManualClock): Promise<Application> {
  return Application.create({
    database: await openScenarioDatabase(file),
    contexts: [notificationsContext({ graceMs: GRACE_MS }), probeJobsContext()],
    clock,
  });
}

/**
 * Scenario 2: the application is stopped for 3 days (manual clock). On start each repeatable
 * job runs once and records the occurrences it skipped; due deliveries inside the grace window
 * are sent, older ones are `missed` with a reason, and nothing else fires.
 */
export async function runDowntime(options: DowntimeOptions): Promise<ScenarioResult> {
  const v = new Violations();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tickler-rel-downtime-'));
  const file = path.join(dir, 'app.db');
  const n = options.perClass;
  const restartAt = DAYS_DOWN * 24 * HOUR;
  try {
    // --- before the downtime
    const clock1 = new ManualClock(T0);
    const app1 = await open(file, clock1);
    app1.start();
    await clock1.advance(0);
    const ids = {
      fresh: [] as string[],
      stale: [] as string[],
      event: [] as string[],
      future: [] as string[],
      canceled: [] as string[],
      edge: [] as string[],
      pastEdge: [] as string[],
    };
    const schedule = async (
      bucket: string[],
      scheduledAt: string,
      extra: Partial<SendNotification> = {},
    ): Promise<string> => {
      const { delivery } = await app1.dispatch(
        Object.assign(new SendNotification(), {
          recipientId: `u${bucket.length % 7}`,
          title: 't',
          message: 'm',
          scheduledAt,
          ...extra,
        }),
      );
      bucket.push(delivery.id);
      return delivery.id;
    };
    await app1.uow.run(async () => {
      for (let i = 0; i < n; i++) {
        await schedule(ids.fresh, at(restartAt - HOUR - i * 1000)); // 1 h late at restart
        await schedule(ids.stale, at(HOUR + i * 1000)); // ~3 days late
        await schedule(ids.event, at(2 * 24 * HOUR + i), { eventAt: at(2 * 24 * HOUR + HOUR) });
        await schedule(ids.future, at(restartAt + HOUR + i * 1000));
        await schedule(ids.canceled, at(restartAt - 2 * HOUR - i));
      }
      await schedule(ids.edge, at(restartAt - GRACE_MS)); // exactly at the grace edge: still sent
      await schedule(ids.pastEdge, at(restartAt - GRACE_MS - 1)); // 1 ms past it: missed
    });
    for (const id of ids.canceled) {
      await app1.dispatch(
        Object.assign(new CancelNotification(), {
          recipientId: `u${ids.canceled.indexOf(id) % 7}`,
          id,
        }),
      );
    }
    const before = await jobRows(app1);
    const probesBefore = await probeRunCounts(app1.database.kysely);
    await app1.stop();

    // --- 3 days later
    const clock2 = new ManualClock(at(restartAt));
    const app2 = await open(file, clock2);
    const recorder = new EventRecorder(app2);
    app2.start();
    await clock2.advance(0);
    const after = await jobRows(app2);
    const probesAfter = await probeRunCounts(app2.database.kysely);
    const onStart = recorder.typeCounts();

    let skippedTotal = 0;
    v.check(
      after.size === before.size && after.size >= 3,
      () => `job rows ${before.size} → ${after.size}`,
    );
    for (const [key, row] of after) {
      const old = before.get(key);
      v.check(old !== undefined, () => `job ${key} appeared during downtime`);
      if (!old) {
        continue;
      }
      skippedTotal += row.skipped_runs - old.skipped_runs;
      v.check(
        row.runs - old.runs === 1,
        () => `job ${key} ran ${row.runs - old.runs} times on start, not once`,
      );
      if (row.repeat_every_ms !== null) {
        // Occurrences on the grid between the last run and now, minus the one run.
        const expected = Math.floor(restartAt / Number(row.repeat_every_ms)) - 1;
        v.check(
          row.skipped_runs - old.skipped_runs === expected,
          () =>
            `job ${key} recorded ${row.skipped_runs - old.skipped_runs} skipped runs, expected ${expected}`,
        );
      } else {
        // 09:00 Berlin on Mar 28 (CET), 29 and 30 (CEST): three occurrences, one run.
        v.check(
          row.skipped_runs - old.skipped_runs === 2,
          () =>
            `cron job ${key} recorded ${row.skipped_runs - old.skipped_runs} skipped runs, expected 2`,
        );
      }
    }
    for (const [job, count] of Object.entries(probesAfter)) {
      v.check(
        count - (probesBefore[job] ?? 0) === 1,
        () => `probe ${job} ran ${count - (probesBefore[job] ?? 0)} times on start`,
      );
    }

    const db = tablesOf<{
      notification_deliveries: { id: string; status: string; missed_reason: string | null };
    }>(app2.database.kysely);
    const rows = await db
      .selectFrom('notification_deliveries')
      .select(['id', 'status', 'missed_reason'])
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    const expectState = (
      list: string[],
      status: string,
      reason: string | null,
      label: string,
    ): void => {
      for (const id of list) {
        const row = byId.get(id);
        v.check(
          row?.status === status && row.missed_reason === reason,
          () =>
            `${label} ${id}: ${row?.status}/${row?.missed_reason}, expected ${status}/${reason}`,
        );
      }
    };
    expectState([...ids.fresh, ...ids.edge], 'sent', null, 'due inside grace');
    expectState([...ids.stale, ...ids.pastEdge], 'missed', 'too-late', 'due before grace');
    expectState(ids.event, 'missed', 'event-started', 'event already started');
    expectState(ids.future, 'scheduled', null, 'not yet due');
    expectState(ids.canceled, 'canceled', null, 'canceled before the downtime');
    const sentCount = ids.fresh.length + ids.edge.length;
    const missedCount = ids.stale.length + ids.pastEdge.length + ids.event.length;
    // The too-late ones are told in catch-up notices: inbox rows that are no delivery's.
    const notices = await sql<{ title: string }>`select title from notification_inbox
      where notification_id not in (select id from notification_deliveries)`.execute(
      app2.database.kysely,
    );
    const told = notices.rows.reduce(
      (n, r) => n + Number(/^(\d+) reminders? w/.exec(r.title)?.[1]),
      0,
    );
    const tooLate = ids.stale.length + ids.pastEdge.length;
    v.check(
      told === tooLate,
      () => `catch-up notices tell of ${told} missed reminders, expected ${tooLate}`,
    );
    v.check(
      onStart['notifications.sent'] === sentCount &&
        onStart['notifications.missed'] === missedCount &&
        onStart['notifications.missed-notice'] === notices.rows.length &&
        Object.keys(onStart).length === 3,
      () =>
        `events on start ${JSON.stringify(onStart)}, expected only ${sentCount} sent, ${missedCount} missed and ${notices.rows.length} missed-notice`,
    );
    const inbox = await sql<{ n: number }>`select count(*) as n from notification_inbox
      where notification_id in (select id from notification_deliveries)`.execute(
      app2.database.kysely,
    );
    v.check(
      Number(inbox.rows[0]?.n) === sentCount,
      () => `delivery inbox rows ${inbox.rows[0]?.n}, expected ${sentCount}`,
    );

    // The future rows are not lost: they go out at their instants.
    await clock2.advance(HOUR + n * 1000);
    const futureSent = recorder.countByAggregate('notifications.sent');
    v.check(
      ids.future.every((id) => futureSent.get(id) === 1),
      () => 'a future delivery was not sent exactly once after its instant',
    );
    recorder.stop();
    await app2.stop();
    return {
      id: 2,
      name: 'downtime (3 days, manual clock)',
      figures: {
        'deliveries checked': byId.size,
        'sent on start': onStart['notifications.sent'] ?? 0,
        'missed on start': onStart['notifications.missed'] ?? 0,
        'repeatable jobs': after.size,
        'runs per job on start': 1,
        'skipped runs recorded': skippedTotal,
        'double fires': 0,
      },
      violations: v.done(),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
