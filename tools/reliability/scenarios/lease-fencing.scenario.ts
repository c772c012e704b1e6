import { sql } from 'kysely';
import { Application, ManualClock, toIsoUtc } from '@tickler/core';
import { ChannelSendPool, notificationsContext } from '@tickler/notifications/context';
import {
  DeliverChannelSends,
  type DeliverChannelSendsResult,
  RegisterSubscription,
  SendNotification,
} from '@tickler/notifications';
import { EventRecorder } from '../support/event-recorder';
import { type ScenarioResult, Violations } from '../support/scenario-result';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';
import { openScenarioDatabase } from '../support/scenario-database';

export interface LeaseFencingOptions {
  /** Rounds of each ordering. */
  readonly rounds: number;
}

const T0 = '2026-09-10T08:30:00.000Z';
/** Per-request timeout (real time: undici's). Long enough that only the test releases requests. */
const TIMEOUT_MS = 60_000;
/** A channel send's lease: its channel's timeout + 30 s. */
const LEASE_MS = TIMEOUT_MS + 30_000;

/** Waits until `done` says so (an event on real sockets, not a schedule). */
async function until(done: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 10_000; i++) {
    if (await done()) {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  throw new Error(`gave up waiting for ${what}`);
}

/** Waits until the receiver holds `n` requests. */
function untilReceived(receiver: WebhookReceiver, n: number): Promise<void> {
  return until(() => receiver.received.length >= n, `${n} requests at the receiver`);
}

interface Row {
  status: string;
  attempts: number;
  last_error: string | null;
  lease_token: string | null;
}

/**
 * One round. `zombieFirst`: the zombie (run A, lease expired) finishes after the newer claim
 * (run C) has settled the row; otherwise it finishes while C's request is still in flight.
 * Either way A must not overwrite C: the row's outcome is C's.
 */
async function round(
  zombieOutcome: number,
  newerOutcome: number,
  newerSettlesFirst: boolean,
): Promise<{ problems: string[]; requests: number; blockedWhileLeased: boolean }> {
  const problems: string[] = [];
  const receiver = await startWebhookReceiver();
  const clock = new ManualClock(T0);
  const app = await Application.create({
    database: await openScenarioDatabase(':memory:'),
    contexts: [
      notificationsContext({
        webhookTimeoutMs: TIMEOUT_MS,
        webhookBackoff: { baseMs: 1000 },
        webhookMaxAttempts: 5,
        allowPrivateTargets: true,
        throttle: 'off',
      }),
    ],
    clock,
  });
  const recorder = new EventRecorder(app);
  const releases: ((status: number) => void)[] = [];
  receiver.respond = () => new Promise<number>((resolve) => releases.push(resolve));
  try {
    await app.dispatch(
      Object.assign(new RegisterSubscription(), { recipientId: 'hooked', url: receiver.url }),
    );
    const { delivery } = await app.dispatch(
      Object.assign(new SendNotification(), {
        recipientId: 'hooked',
        channel: 'webhook',
        title: 'slow',
        message: 'm',
      }),
    );
    // The send loop claims and returns; the pool sends and settles on its own.
    const deliver = (): Promise<DeliverChannelSendsResult> =>
      app.dispatch(new DeliverChannelSends());
    const pool = app.get(ChannelSendPool);
    const read = async (): Promise<Row> =>
      (
        await sql<Row>`select status, attempts, last_error, lease_token from notification_channel_sends where delivery_id = ${delivery.id}`.execute(
          app.database.kysely,
        )
      ).rows[0] as Row;

    // A claims the send and its request hangs at the slow receiver.
    await deliver();
    await untilReceived(receiver, 1);
    const claimA = await read();
    // B runs while A's lease holds (just before expiry): no second attempt may go out.
    clock.set(toIsoUtc(Date.parse(T0) + LEASE_MS - 1));
    const b = await deliver();
    const blockedWhileLeased = receiver.received.length === 1 && b.claimed + b.failed === 0;
    if (!blockedWhileLeased) {
      problems.push(
        `a second attempt went out while the first held its lease (B: ${JSON.stringify(b)}, requests ${receiver.received.length})`,
      );
    }
    // The lease expires: C recovers the claim with a new fencing token and sends attempt 2.
    clock.set(toIsoUtc(Date.parse(T0) + LEASE_MS + 1));
    await deliver();
    await untilReceived(receiver, 2);
    const claimC = await read();
    if (claimC.lease_token === claimA.lease_token || claimC.status !== 'sending') {
      problems.push(
        `the recovered claim did not get a new fencing token (${claimA.lease_token} → ${claimC.lease_token}, ${claimC.status})`,
      );
    }
    let settledByC: Row;
    if (newerSettlesFirst) {
      releases[1]?.(newerOutcome);
      await until(async () => (await read()).status !== 'sending', 'the newer claim to settle');
      settledByC = await read();
      releases[0]?.(zombieOutcome);
      await pool.idle();
    } else {
      releases[0]?.(zombieOutcome);
      await until(() => pool.inFlight === 1, 'the zombie to finish');
      const afterZombie = await read();
      if (afterZombie.status !== 'sending' || afterZombie.lease_token !== claimC.lease_token) {
        problems.push(
          `the zombie's late answer (${zombieOutcome}) overwrote the newer claim: ${JSON.stringify(afterZombie)}`,
        );
      }
      releases[1]?.(newerOutcome);
      await pool.idle();
      settledByC = await read();
    }
    const final = await read();
    if (JSON.stringify(final) !== JSON.stringify(settledByC)) {
      problems.push(
        `the zombie changed the row after the newer claim settled it: ${JSON.stringify(settledByC)} → ${JSON.stringify(final)}`,
      );
    }
    const expectedStatus = newerOutcome < 300 ? 'sent' : 'pending';
    if (final.status !== expectedStatus || final.attempts !== 2) {
      problems.push(
        `row ended ${final.status} after ${final.attempts} attempts; the newer claim (${newerOutcome}) says ${expectedStatus} after 2`,
      );
    }
    const sentEvents = recorder.ofType('notifications.sent').length;
    const failedEvents = recorder.ofType('notifications.failed').length;
    if (sentEvents !== (newerOutcome < 300 ? 1 : 0) || failedEvents !== 0) {
      problems.push(
        `events: ${sentEvents} sent, ${failedEvents} failed for newer=${newerOutcome}, zombie=${zombieOutcome}`,
      );
    }
    if (new Set(receiver.received.map((r) => r.sendId)).size !== 1) {
      problems.push('the two attempts did not share one idempotency key (webhook-id)');
    }
    return { problems, requests: receiver.received.length, blockedWhileLeased };
  } finally {
    releases.forEach((release) => release(200));
    recorder.stop();
    await app.stop({ deadlineMs: 1000 });
    await receiver.close();
  }
}

/**
 * Scenario 6: a slow webhook receiver holds the first attempt past its lease. Covers what the
 * notifications tests do not (they abandon a claim by editing the row, never with a live
 * request in flight): no second attempt while the first holds its lease, and the zombie
 * attempt finishing late — before or after the newer claim settles, with success or failure —
 * cannot overwrite the newer one (fencing by lease token).
 */
export async function runLeaseFencing(options: LeaseFencingOptions): Promise<ScenarioResult> {
  const v = new Violations();
  const combos: [number, number, boolean][] = [];
  for (const zombie of [200, 500]) {
    for (const newer of [200, 503]) {
      for (const newerFirst of [true, false]) {
        combos.push([zombie, newer, newerFirst]);
      }
    }
  }
  let rounds = 0;
  let requests = 0;
  let blocked = 0;
  for (let r = 0; r < options.rounds; r++) {
    for (const [zombie, newer, newerFirst] of combos) {
      const result = await round(zombie, newer, newerFirst);
      rounds++;
      requests += result.requests;
      blocked += result.blockedWhileLeased ? 1 : 0;
      result.problems.forEach((p) =>
        v.check(
          false,
          () =>
            `zombie ${zombie}, newer ${newer}, ${newerFirst ? 'newer settles first' : 'zombie answers first'}: ${p}`,
        ),
      );
    }
  }
  return {
    id: 6,
    name: 'lease expiry with a slow webhook receiver (fencing)',
    figures: {
      rounds,
      'webhook requests': requests,
      'second attempts while leased': rounds - blocked,
      'zombie overwrites': v.list.filter(
        (p) => p.includes('overwrote') || p.includes('zombie changed'),
      ).length,
    },
    violations: v.done(),
  };
}
