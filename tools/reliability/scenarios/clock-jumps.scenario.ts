import { sql } from 'kysely';
import { Application, ManualClock, openSqliteDatabase, toIsoUtc } from '@tickler/core';
import { notificationsContext } from '@tickler/notifications/context';
import { SendNotification } from '@tickler/notifications';
import { EventRecorder } from '../support/event-recorder';
import {
  QUARTER_HOUR_MS,
  QuarterHourProbe,
  probeJobsContext,
  probeRunCounts,
} from '../support/probe-jobs.context';
import { type ScenarioResult, Violations } from '../support/scenario-result';
import { SeededRandom } from '../support/seeded-random';

export interface ClockJumpOptions {
  /** Deliveries spread over the run's time span. */
  readonly deliveries: number;
  /** Steps of time: small advances, ±1 h jumps, suspends. */
  readonly steps: number;
  readonly seed: number;
}

const T0 = '2026-10-24T22:00:00.000Z';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

type Step = 'advance' | 'jump-forward' | 'jump-backward' | 'suspend';

/**
 * Scenario 4: the wall clock jumps an hour forward and back, and the machine sleeps for
 * minutes (timers silent), at random points among deliveries and a 15-minute job. A jump is
 * `ManualClock.set()` — no timer fires — followed by the sweep. Invariants after every step:
 * nothing due is left unsent (no lost fire); no delivery is sent twice or before its instant,
 * and the job never runs more often than its grid allows (no double fire).
 */
export async function runClockJumps(options: ClockJumpOptions): Promise<ScenarioResult> {
  const v = new Violations();
  const rnd = new SeededRandom(options.seed);
  const clock = new ManualClock(T0);
  const app = await Application.create({
    database: openSqliteDatabase({ file: ':memory:' }),
    contexts: [notificationsContext(), probeJobsContext()],
    clock,
  });
  const recorder = new EventRecorder(app);
  app.start();
  await clock.advance(0);
  const span = options.steps * 4 * MINUTE;
  const scheduled = new Map<string, string>();
  await app.uow.run(async () => {
    for (let i = 0; i < options.deliveries; i++) {
      const scheduledAt = toIsoUtc(Date.parse(T0) + 1 + rnd.int(0, span));
      const { delivery } = await app.dispatch(
        Object.assign(new SendNotification(), {
          recipientId: `u${i % 9}`,
          title: 't',
          message: 'm',
          scheduledAt,
        }),
      );
      scheduled.set(delivery.id, scheduledAt);
    }
  });
  // The job's grid: T0 (its run on start) plus every 15 min. The furthest clock reading bounds
  // how many grid slots can ever have come due.
  let maxClockMs = clock.now().getTime();
  const counts: Record<Step, number> = {
    advance: 0,
    'jump-forward': 0,
    'jump-backward': 0,
    suspend: 0,
  };
  const sentAt = new Map<string, string>();

  for (let s = 0; s < options.steps; s++) {
    // Every kind of step happens early on; the rest is drawn from the seed.
    const kinds: Step[] = ['advance', 'jump-forward', 'advance', 'jump-backward', 'suspend'];
    const step: Step =
      s < kinds.length
        ? (kinds[s] as Step)
        : rnd.pick(['advance', 'advance', 'advance', 'jump-forward', 'jump-backward', 'suspend']);
    counts[step]++;
    const now = clock.now().getTime();
    if (step === 'advance') {
      await clock.advance(rnd.int(1, 5 * MINUTE));
    } else {
      const by =
        step === 'jump-forward' ? HOUR : step === 'jump-backward' ? -HOUR : rnd.int(2, 20) * MINUTE;
      clock.set(now + by);
      // Timers did not fire through the jump; the safety sweep (and any timer now overdue) runs.
      await clock.advance(60_000);
    }
    const nowMs = clock.now().getTime();
    maxClockMs = Math.max(maxClockMs, nowMs);
    const nowIso = toIsoUtc(nowMs);

    for (const e of recorder.ofType('notifications.sent')) {
      if (!sentAt.has(e.aggregateId)) {
        sentAt.set(e.aggregateId, (e.payload as { sentAt: string }).sentAt);
      }
    }
    const lost = await sql<{
      n: number;
    }>`select count(*) as n from notification_deliveries where status = 'scheduled' and due_at <= ${nowIso}`.execute(
      app.database.kysely,
    );
    v.check(
      Number(lost.rows[0]?.n) === 0,
      () => `step ${s} (${step}) at ${nowIso}: ${lost.rows[0]?.n} due deliveries left unsent`,
    );
    const overdue = await sql<{
      key: string;
    }>`select key from shared_scheduled_commands where status = 'pending' and run_at <= ${nowIso} and repeat_every_ms is not null`.execute(
      app.database.kysely,
    );
    v.check(
      overdue.rows.length === 0,
      () =>
        `step ${s} (${step}): repeatable ${overdue.rows.map((r) => r.key).join(',')} overdue after the sweep`,
    );
    const runs = (await probeRunCounts(app.database.kysely))[QuarterHourProbe.type] ?? 0;
    const slots = Math.floor((maxClockMs - Date.parse(T0)) / QUARTER_HOUR_MS) + 1;
    v.check(
      runs <= slots,
      () => `step ${s} (${step}): the 15-min job ran ${runs} times for ${slots} grid slots`,
    );
  }
  // Let everything left fall due. Backward jumps can outnumber forward ones, so the clock may
  // now read earlier than T0: advance to past the latest instant, not by a fixed span.
  const latestDueMs = Math.max(...[...scheduled.values()].map((iso) => Date.parse(iso)));
  await clock.advance(Math.max(0, latestDueMs - clock.now().getTime()) + HOUR);

  const sends = recorder.countByAggregate('notifications.sent');
  let doubles = 0;
  let early = 0;
  for (const [id, scheduledAt] of scheduled) {
    const n = sends.get(id) ?? 0;
    v.check(n === 1, () => `delivery ${id} (due ${scheduledAt}) sent ${n} times`);
    doubles += Math.max(0, n - 1);
  }
  for (const e of recorder.ofType('notifications.sent')) {
    const payload = e.payload as { sentAt: string };
    const due = scheduled.get(e.aggregateId) ?? '';
    if (payload.sentAt < due) {
      early++;
    }
  }
  v.check(early === 0, () => `${early} deliveries sent before their instant`);
  const missed = recorder.ofType('notifications.missed').length;
  v.check(missed === 0, () => `${missed} deliveries missed (a 1 h jump is inside the 12 h grace)`);
  const inbox = await sql<{
    n: number;
    d: number;
  }>`select count(*) as n, count(distinct notification_id) as d from notification_inbox`.execute(
    app.database.kysely,
  );
  v.check(
    Number(inbox.rows[0]?.n) === scheduled.size && Number(inbox.rows[0]?.d) === scheduled.size,
    () =>
      `inbox rows ${inbox.rows[0]?.n} (${inbox.rows[0]?.d} distinct) for ${scheduled.size} deliveries`,
  );
  const jobRuns = (await probeRunCounts(app.database.kysely))[QuarterHourProbe.type] ?? 0;
  recorder.stop();
  await app.stop();
  return {
    id: 4,
    name: 'clock jumps ±1 h and suspend/resume',
    figures: {
      deliveries: scheduled.size,
      'forward jumps': counts['jump-forward'],
      'backward jumps': counts['jump-backward'],
      suspends: counts.suspend,
      'small advances': counts.advance,
      'job runs': jobRuns,
      'double fires': doubles,
      'lost fires': scheduled.size - [...scheduled.keys()].filter((id) => sends.has(id)).length,
      'early fires': early,
      seed: options.seed,
    },
    violations: v.done(),
  };
}
