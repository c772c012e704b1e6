import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { openPostgresDatabase } from '@tickler/core';
import pg from 'pg';
import { quantile } from '../../bench/stats';
import { DaemonProcess, eventually } from '@tickler/testing';
import { type ScenarioResult, Violations } from '../support/scenario-result';
import { seedDueBatch } from '../support/seed-due-batch';
import { receivedById, startWebhookReceiver } from '../support/webhook-receiver';

export interface SurvivorsOptions {
  /** Daemons sharing one PostgreSQL schema; one of them is killed per round. */
  readonly daemons: number;
  readonly rounds: number;
  readonly inbox: number;
  readonly webhooks: number;
  /** How long the receiver takes to answer each webhook, in ms. */
  readonly receiverDelayMs: number;
  /** Kill → the victim's claims delivered by the others, at most (ms). */
  readonly targetMs: number;
}

/** What a survivor logs when it ends a dead instance's claims (ClaimRecovery.recoverDead). */
const TOOK_OVER = 'took over the claims of instances that ended without releasing them';

const PG_URL = process.env.TICKLER_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ADMIN = randomBytes(24).toString('hex');

/** The instance id a daemon logged when it took its lock. */
function instanceOf(daemon: DaemonProcess): string {
  const line = daemon.lines.find((l) => l.msg === 'instance lock held');
  if (typeof line?.instance !== 'string') {
    throw new Error('the daemon did not log its instance');
  }
  return line.instance;
}

async function count(db: pg.Client, text: string, params: unknown[] = []): Promise<number> {
  const { rows } = await db.query<{ n: string }>(text, params);
  return Number(rows[0]?.n ?? 0);
}

/**
 * Scenario 12 (issue 10): several daemons on one PostgreSQL schema drain a batch of due
 * deliveries (inbox, and webhooks to a receiver that answers slowly, so claims stay in flight);
 * one is SIGKILLed while it holds webhook claims. Measures the time from the kill until every
 * delivery the victim had claimed is `sent` by the others (its advisory lock is gone with its
 * session: a survivor's watchdog notices within a look), and checks the whole batch: inbox
 * exactly once, webhooks at least once, nothing lost.
 */
export async function runSurvivorsTakeOver(options: SurvivorsOptions): Promise<ScenarioResult> {
  const v = new Violations();
  const probe = new pg.Client({ connectionString: PG_URL });
  try {
    await probe.connect();
  } catch (error) {
    return {
      id: 12,
      name: 'survivors take over a SIGKILLed daemon (PostgreSQL)',
      figures: {},
      violations: [],
      notes: [`not run: no PostgreSQL at ${PG_URL} (${String(error)})`],
    };
  }
  const takeovers: number[] = [];
  /** Kill → the first survivor's "took over the claims" log line: detection, before delivery. */
  const detections: number[] = [];
  /** Kill → the last of the victim's webhooks arrived again at the receiver. */
  const resent: number[] = [];
  const claimedAtKill: number[] = [];
  let lost = 0;
  let inboxDuplicates = 0;
  let webhookDuplicates = 0;
  try {
    for (let round = 0; round < options.rounds; round++) {
      const schema = `t_torture_${randomBytes(6).toString('hex')}`;
      const receiver = await startWebhookReceiver();
      const arrivals = new Map<string, number>();
      receiver.respond = (request) => {
        arrivals.set(request.deliveryId, Date.now());
        return new Promise((resolve) => setTimeout(() => resolve(200), options.receiverDelayMs));
      };
      const daemons = Array.from(
        { length: options.daemons },
        () =>
          new DaemonProcess(DaemonProcess.tempDir('tickler-rel-pg-'), {
            TICKLER_DATABASE_URL: PG_URL,
            TICKLER_DATABASE_SCHEMA: schema,
            TICKLER_ADMIN_TOKEN: ADMIN,
          }),
      );
      const db = new pg.Client({ connectionString: PG_URL, options: `-c search_path=${schema}` });
      try {
        await Promise.all(daemons.map((d) => d.start()));
        await db.connect();
        const byInstance = new Map(daemons.map((d) => [instanceOf(d), d]));
        const seeded = await seedDueBatch(
          await openPostgresDatabase({ connectionString: PG_URL, schema }),
          {
            inbox: options.inbox,
            webhooks: options.webhooks,
            firstAt: Date.now() + 1_000,
            windowMs: 500,
            webhookWindowMs: 500,
            webhookUrl: receiver.url,
          },
        );
        // Mid-drain: the victim is a daemon holding webhook claims whose requests are in flight.
        const victimId = await eventually(
          async () => {
            const { rows } = await db.query<{ claimed_by: string }>(
              `select claimed_by from notification_channel_sends where status = 'sending' and claimed_by is not null group by claimed_by order by count(*) desc limit 1`,
            );
            return rows[0]?.claimed_by;
          },
          30_000,
          2,
        );
        const victim = byInstance.get(victimId);
        if (!victim) {
          throw new Error(`claims held by ${victimId}, which is none of the daemons`);
        }
        await victim.kill9();
        const killedAt = Date.now();
        const { rows: held } = await db.query<{ id: string }>(
          // The notifications whose sends the victim held (their delivery ids, checked below).
          `select delivery_id as id from notification_channel_sends where status = 'sending' and claimed_by = $1`,
          [victimId],
        );
        const heldRows = await count(
          db,
          `select count(*) as n from shared_scheduled_commands where status = 'running' and claimed_by = $1`,
          [victimId],
        );
        claimedAtKill.push(held.length + heldRows);
        const ids = held.map((r) => r.id);
        await eventually(
          async () =>
            (await count(
              db,
              `select count(*) as n from notification_deliveries where id = any($1) and status = 'sent'`,
              [ids],
            )) === ids.length &&
            (await count(
              db,
              `select count(*) as n from shared_scheduled_commands where status = 'running' and claimed_by = $1`,
              [victimId],
            )) === 0
              ? true
              : undefined,
          180_000,
          5,
        ).catch(() =>
          v.check(false, () => `round ${round}: the victim's claims still undelivered after 180 s`),
        );
        takeovers.push(Date.now() - killedAt);
        const noticed = daemons
          .filter((d) => d !== victim)
          .flatMap((d) => d.lines)
          .filter((l) => l.msg === TOOK_OVER && typeof l.time === 'number' && l.time >= killedAt)
          .map((l) => Number(l.time) - killedAt);
        detections.push(noticed.length > 0 ? Math.min(...noticed) : Number.NaN);
        resent.push(Math.max(...ids.map((id) => (arrivals.get(id) ?? Number.NaN) - killedAt)));
        await eventually(
          async () =>
            (await count(
              db,
              `select count(*) as n from notification_deliveries where status in ('scheduled', 'sending')`,
            )) === 0
              ? true
              : undefined,
          180_000,
          20,
        ).catch(() => v.check(false, () => `round ${round}: deliveries still live after 180 s`));
        const notSent = await count(
          db,
          `select count(*) as n from notification_deliveries where status <> 'sent'`,
        );
        const inboxRows = await count(db, `select count(*) as n from notification_inbox`);
        const inboxDistinct = await count(
          db,
          `select count(distinct notification_id) as n from notification_inbox`,
        );
        const hits = receivedById(receiver.received);
        const unreached = seeded.webhook.filter((id) => !hits.has(id)).length;
        lost += notSent + unreached;
        inboxDuplicates += inboxRows - inboxDistinct;
        webhookDuplicates += receiver.received.length - hits.size;
        v.check(
          notSent === 0 && unreached === 0 && inboxDistinct === seeded.inbox.length,
          () =>
            `round ${round}: ${notSent} not sent, ${unreached} webhooks never received, ${inboxDistinct}/${seeded.inbox.length} inbox rows`,
        );
      } finally {
        await Promise.all(daemons.map((d) => d.terminate()));
        await db.end().catch(() => undefined);
        await receiver.close();
        await probe.query(`drop schema if exists ${schema} cascade`);
        daemons.forEach((d) => fs.rmSync(d.dir, { recursive: true, force: true }));
      }
    }
  } finally {
    await probe.end();
  }
  const max = Math.max(...takeovers);
  v.check(
    max <= options.targetMs,
    () =>
      `slowest take-over ${max} ms after the kill (target ≤ ${options.targetMs} ms): ${takeovers.join(', ')}`,
  );
  return {
    id: 12,
    name: 'survivors take over a SIGKILLed daemon (PostgreSQL)',
    figures: {
      daemons: options.daemons,
      rounds: options.rounds,
      'deliveries per round': options.inbox + options.webhooks,
      'webhooks per round': options.webhooks,
      'victim claims at kill': `${Math.min(...claimedAtKill)}–${Math.max(...claimedAtKill)}`,
      'kill → a survivor took over, each round (ms)': detections.join(', '),
      'kill → its webhooks received again, each round (ms)': resent.join(', '),
      'kill → claims delivered p50 (ms)': Math.round(quantile(takeovers, 0.5)),
      'kill → claims delivered max (ms)': max,
      'target max (ms)': options.targetMs,
      lost,
      'inbox duplicates': inboxDuplicates,
      'webhook duplicates (same idempotency key)': webhookDuplicates,
    },
    violations: v.done(),
  };
}
