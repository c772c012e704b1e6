// Over 300 lines: each race (send-now, cancel, edit, dispatcher) with its own set-up and invariant check.
import { sql } from 'kysely';
import { Application, ManualClock, toIsoUtc } from '@tickler/core';
import { ChannelSendPool, notificationsContext } from '@tickler/notifications/context';
import {
  CancelNotification,
  DeliverChannelSends,
  DeliverDueNotifications,
  RegisterSubscription,
  RescheduleNotification,
  SendNotification,
  SendNotificationNow,
} from '@tickler/notifications';
import { EventRecorder } from '../support/event-recorder';
import { type ScenarioResult, Violations } from '../support/scenario-result';
import { SeededRandom } from '../support/seeded-random';
import { receivedById, startWebhookReceiver } from '../support/webhook-receiver';
import { openScenarioDatabase } from '../support/scenario-database';

export interface RaceOptions {
  /** Rows raced (each gets one user command racing the dispatcher). */
  readonly rows: number;
  /** Rows per round: one round = these rows' commands + dispatcher runs, all in flight at once. */
  readonly roundSize: number;
  readonly seed: number;
}

type Action = 'cancel' | 'send-now' | 'reschedule-later' | 'reschedule-now' | 'edit';

/** Refusals a racing command may meet: the row moved on first (a 409 over HTTP). */
const EXPECTED_REFUSALS = new Set([
  'NOTIFICATIONS.ALREADY_SENT',
  'NOTIFICATIONS.NOT_SCHEDULED',
  'NOTIFICATIONS.CONCURRENT_UPDATE',
]);

const T0 = '2026-09-10T08:30:00.000Z';
/** Rows of round `r` fall due at T0 + r + 1 seconds; the clock is set there for that round. */
const dueOfRound = (round: number): string => toIsoUtc(Date.parse(T0) + (round + 1) * 1000);
/** Far after every round. */
const LATER = '2026-09-11T08:30:00.000Z';

interface Row {
  id: string;
  recipientId: string;
  channel: 'inbox' | 'webhook';
  action: Action;
  round: number;
  /** `answered`: the status a cancel answered (a sent row's cancel is a no-op answer, seed 001). */
  outcome?: { ok: true; answered?: string } | { ok: false; code: string };
}

interface StoredRow {
  id: string;
  status: string;
  due_at: string | null;
  sent_at: string | null;
  inbox_id: string | null;
}

function codeOf(error: unknown): string {
  return typeof error === 'object' && error !== null && 'code' in error
    ? String(error.code)
    : String(error);
}

/**
 * Scenario 5: cancel / send-now / reschedule / edit race the dispatcher on the same due rows,
 * thousands of times, in one process with real promise concurrency (SQLite serialises the
 * transactions; PostgreSQL runs them at once, with row locks deciding). Every row must end in one consistent state, every command
 * must either win or be refused with a 409-class code, and a canceled row is never delivered.
 */
export async function runRaces(options: RaceOptions): Promise<ScenarioResult> {
  const v = new Violations();
  const rnd = new SeededRandom(options.seed);
  const receiver = await startWebhookReceiver();
  const clock = new ManualClock(T0);
  const app = await Application.create({
    database: await openScenarioDatabase(':memory:'),
    contexts: [notificationsContext({ batchSize: 50, allowPrivateTargets: true, throttle: 'off' })],
    clock,
  });
  const recorder = new EventRecorder(app);
  try {
    await app.dispatch(
      Object.assign(new RegisterSubscription(), { recipientId: 'hooked', url: receiver.url }),
    );
    const rows: Row[] = [];
    await app.uow.run(async () => {
      for (let i = 0; i < options.rows; i++) {
        const channel = i % 5 === 0 ? 'webhook' : 'inbox';
        const recipientId = channel === 'webhook' ? 'hooked' : `u${i % 11}`;
        const round = Math.floor(i / options.roundSize);
        const { delivery } = await app.dispatch(
          Object.assign(new SendNotification(), {
            recipientId,
            channel,
            title: `r${i}`,
            message: 'm',
            scheduledAt: dueOfRound(round),
          }),
        );
        rows.push({
          id: delivery.id,
          recipientId,
          channel,
          round,
          action: rnd.pick<Action>([
            'cancel',
            'cancel',
            'send-now',
            'reschedule-later',
            'reschedule-now',
            'edit',
          ]),
        });
      }
    });

    let dispatcherRuns = 0;
    let dispatcherErrors = 0;
    const runCommand = async (row: Row): Promise<void> => {
      const base = { recipientId: row.recipientId, id: row.id };
      try {
        if (row.action === 'cancel') {
          const view = await app.dispatch(Object.assign(new CancelNotification(), base));
          row.outcome = { ok: true, answered: view.status };
          return;
        } else if (row.action === 'send-now') {
          await app.dispatch(Object.assign(new SendNotificationNow(), base));
        } else if (row.action === 'edit') {
          await app.dispatch(
            Object.assign(new RescheduleNotification(), { ...base, title: 'edited' }),
          );
        } else {
          const scheduledAt = row.action === 'reschedule-later' ? LATER : dueOfRound(row.round);
          await app.dispatch(Object.assign(new RescheduleNotification(), { ...base, scheduledAt }));
        }
        row.outcome = { ok: true };
      } catch (error) {
        row.outcome = { ok: false, code: codeOf(error) };
      }
    };
    const runDispatcher = async (id?: string): Promise<void> => {
      dispatcherRuns++;
      try {
        await app.dispatch(
          Object.assign(new DeliverDueNotifications(), id === undefined ? {} : { id }),
        );
      } catch (error) {
        dispatcherErrors++;
        v.check(false, () => `dispatcher run failed: ${codeOf(error)} ${String(error)}`);
      }
    };
    for (let start = 0; start < rows.length; start += options.roundSize) {
      const round = rows.slice(start, start + options.roundSize);
      // This round's rows fall due: the dispatcher and the user now want the same rows.
      clock.set(dueOfRound(start / options.roundSize));
      const work: (() => Promise<void>)[] = round.map((row) => () => runCommand(row));
      // Dispatcher runs for the whole batch and for single ids, interleaved with the commands.
      for (let k = 0; k < 3; k++) {
        work.push(() => runDispatcher());
      }
      for (const row of round.filter(() => rnd.next() < 0.3)) {
        work.push(() => runDispatcher(row.id));
      }
      await Promise.all(rnd.shuffle(work).map((start) => start()));
    }
    await runDispatcher(); // settle whatever is still due
    await runDispatcher();
    // The webhook rows fired into channel sends: let the send loop and its pool finish them.
    // A loop claims at most the endpoint's room (4 by default), so the bound is one loop per
    // webhook row, not a fixed count (100 loops = 400 sends cut a run with 451 short).
    const pool = app.get(ChannelSendPool);
    const webhookRows = rows.filter((r) => r.channel === 'webhook').length;
    let idleLoop = false;
    for (let i = 0; i <= webhookRows && !idleLoop; i++) {
      const sends = await app.dispatch(new DeliverChannelSends());
      await pool.idle();
      idleLoop = sends.claimed + sends.failed === 0;
    }
    v.check(idleLoop, () => `the send loop still claimed after ${webhookRows + 1} loops`);

    const stored =
      await sql<StoredRow>`select id, status, due_at, sent_at, inbox_id from notification_deliveries`.execute(
        app.database.kysely,
      );
    const byId = new Map(stored.rows.map((r) => [r.id, r]));
    const inboxRows = await sql<{
      notification_id: string;
      n: number;
    }>`select notification_id, count(*) as n from notification_inbox group by notification_id`.execute(
      app.database.kysely,
    );
    const inboxCount = new Map(inboxRows.rows.map((r) => [r.notification_id, Number(r.n)]));
    const sentEvents = recorder.countByAggregate('notifications.sent');
    const canceledEvents = recorder.countByAggregate('notifications.canceled');
    const received = receivedById(receiver.received);
    const refusals: Record<string, number> = {};
    const finals: Record<string, number> = {};
    let canceledDelivered = 0;

    for (const row of rows) {
      const s = byId.get(row.id);
      const outcome = row.outcome;
      if (!s || !outcome) {
        v.check(false, () => `row ${row.id} missing or its command never finished`);
        continue;
      }
      finals[s.status] = (finals[s.status] ?? 0) + 1;
      if (!outcome.ok) {
        refusals[outcome.code] = (refusals[outcome.code] ?? 0) + 1;
        v.check(
          EXPECTED_REFUSALS.has(outcome.code),
          () => `${row.action} on ${row.id} failed with ${outcome.code}`,
        );
      }
      const sent = sentEvents.get(row.id) ?? 0;
      const inbox = inboxCount.get(row.id) ?? 0;
      const hits = received.get(row.id) ?? 0;
      // One consistent state per row.
      v.check(sent <= 1 && inbox <= 1, () => `${row.id}: ${sent} sent events, ${inbox} inbox rows`);
      if (s.status === 'canceled') {
        const delivered = sent + inbox + hits;
        canceledDelivered += delivered > 0 ? 1 : 0;
        v.check(
          delivered === 0 && s.sent_at === null,
          () =>
            `canceled ${row.channel} row ${row.id} was delivered (sent events ${sent}, inbox ${inbox}, webhook hits ${hits})`,
        );
        v.check(
          canceledEvents.get(row.id) === 1,
          () => `canceled row ${row.id} has ${canceledEvents.get(row.id) ?? 0} canceled events`,
        );
      } else if (s.status === 'sent') {
        v.check(
          sent === 1 && s.sent_at !== null,
          () => `sent row ${row.id}: ${sent} sent events, sent_at ${s.sent_at}`,
        );
        if (row.channel === 'inbox') {
          v.check(
            inbox === 1 && s.inbox_id === row.id,
            () => `sent inbox row ${row.id}: ${inbox} inbox rows, inbox_id ${s.inbox_id}`,
          );
        } else {
          v.check(
            hits >= 1 && inbox === 0,
            () => `sent webhook ${row.id}: ${hits} requests received, ${inbox} inbox rows`,
          );
        }
        v.check(
          !(row.action === 'cancel' && outcome.ok && outcome.answered !== 'sent'),
          () => `cancel of ${row.id} answered canceled but the row is sent`,
        );
      } else if (s.status === 'scheduled') {
        v.check(
          row.action === 'reschedule-later' &&
            outcome.ok &&
            s.due_at === LATER &&
            sent === 0 &&
            inbox === 0 &&
            hits === 0,
          () =>
            `${row.id} is still scheduled (due ${s.due_at}) after ${row.action} ${JSON.stringify(outcome)}`,
        );
      } else {
        v.check(false, () => `${row.id} ended ${s.status} (${row.channel}, ${row.action})`);
      }
      if (outcome.ok) {
        const expected: Partial<Record<Action, string>> = {
          cancel: 'canceled',
          'reschedule-later': 'scheduled',
        };
        if (row.channel === 'inbox') {
          expected['send-now'] = 'sent';
        }
        // A cancel answers what the row became: `sent` when the dispatcher won (a no-op answer).
        const want =
          row.action === 'cancel' ? (outcome.answered ?? 'canceled') : expected[row.action];
        v.check(
          want === undefined || s.status === want,
          () => `${row.action} on ${row.channel} ${row.id} succeeded but the row is ${s.status}`,
        );
      }
    }
    const raced = rows.length;
    return {
      id: 5,
      name: 'cancel / send-now / reschedule racing the dispatcher',
      figures: {
        'rows raced': raced,
        'dispatcher runs': dispatcherRuns,
        'commands won': rows.filter((r) => r.outcome?.ok).length,
        'commands refused (409)': Object.values(refusals).reduce((a, b) => a + b, 0),
        'final sent': finals.sent ?? 0,
        'final canceled': finals.canceled ?? 0,
        'final scheduled': finals.scheduled ?? 0,
        'canceled rows delivered': canceledDelivered,
        'dispatcher errors': dispatcherErrors,
        'webhook requests': receiver.received.length,
        seed: options.seed,
      },
      violations: v.done(),
    };
  } finally {
    recorder.stop();
    await app.stop();
    await receiver.close();
  }
}
