import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { Application, openPostgresDatabase } from '@tickler/core';
import { SendNotification, SendNotifications } from '@tickler/notifications';
import { DELIVER_DUE_WAKE_UP_KEY, notificationsContext } from '@tickler/notifications/context';
import { DaemonProcess, eventually } from '@tickler/testing';
import pg from 'pg';

/** The test server (trust auth), as every PostgreSQL scenario uses it. */
export const PG_URL = process.env.TICKLER_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Items per `SendNotifications` call (its limit, MAX_SEND_ITEMS). */
const SEED_CHUNK = 10_000;

/** Delivered and inbox counts of one schema: what "nothing lost, nothing doubled" reads. */
export interface DrainCounts {
  readonly deliveries: number;
  readonly sent: number;
  readonly live: number;
  readonly inboxRows: number;
  readonly inboxDistinct: number;
}

/**
 * Node options for every daemon of a fleet, from `TICKLER_FLEET_NODE_ARGS` (space-separated):
 * e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile the bench's PostgreSQL drain, which
 * NODE_OPTIONS refuses.
 */
const FLEET_NODE_ARGS = (process.env.TICKLER_FLEET_NODE_ARGS ?? '').split(' ').filter(Boolean);

/**
 * N real daemon processes on one PostgreSQL schema (a fresh one per fleet), with the admin
 * token set so each one's `/metrics` can be read, and a client on the schema for the checks.
 */
export class PgFleet {
  readonly schema = `t_fleet_${randomBytes(6).toString('hex')}`;
  readonly daemons: DaemonProcess[] = [];
  private readonly admin = randomBytes(24).toString('hex');
  /** A pool, not a client: after a server restart the next check opens a new connection. */
  private readonly db: pg.Pool;

  constructor(
    private readonly url: string = PG_URL,
    /** The daemons' `application_name` (a bench tells their server backends apart by it). */
    private readonly applicationName = 'tickler-fleet',
  ) {
    this.db = new pg.Pool({
      connectionString: url,
      options: `-c search_path=${this.schema}`,
      max: 2,
    });
    this.db.on('error', () => undefined);
  }

  /** Starts `n` daemons at once. */
  async open(n: number): Promise<this> {
    await Promise.all(Array.from({ length: n }, () => this.add()));
    return this;
  }

  /** Starts one more daemon on the schema (a new folder, so a new instance). */
  async add(): Promise<DaemonProcess> {
    const daemon = new DaemonProcess(
      DaemonProcess.tempDir('tickler-fleet-'),
      {
        TICKLER_DATABASE_URL: `${this.url}${this.url.includes('?') ? '&' : '?'}application_name=${this.applicationName}`,
        TICKLER_DATABASE_SCHEMA: this.schema,
        TICKLER_ADMIN_TOKEN: this.admin,
      },
      FLEET_NODE_ARGS,
    );
    this.daemons.push(daemon);
    return daemon.start();
  }

  /**
   * Seeds one inbox delivery per instant (epoch ms) through the real use case. An instant
   * already past when `SendNotifications` runs is sent by the seeding process itself.
   */
  async seedInbox(instants: readonly number[]): Promise<void> {
    const app = await Application.create({
      database: await openPostgresDatabase({ connectionString: this.url, schema: this.schema }),
      contexts: [notificationsContext()],
    });
    try {
      for (let start = 0; start < instants.length; start += SEED_CHUNK) {
        const items = instants.slice(start, start + SEED_CHUNK).map((at, i) =>
          Object.assign(new SendNotification(), {
            recipientId: `user${(start + i) % 97}`,
            title: `n${start + i}`,
            message: 'm',
            scheduledAt: new Date(at).toISOString(),
          }),
        );
        await app.dispatch(Object.assign(new SendNotifications(), { items }));
      }
    } finally {
      await app.stop();
    }
  }

  /**
   * Seeds `count` inbox deliveries a day ahead (seeding 50,000 takes longer than any guess
   * of "soon"), then {@link makeDue}: they fall due from now over `windowMs`.
   */
  async seedDueInbox(count: number, windowMs = 0): Promise<void> {
    await this.seedInbox(new Array<number>(count).fill(Date.now() + 86_400_000));
    await this.makeDue(windowMs);
  }

  /**
   * Test fixture: the scheduled deliveries fall due from now (+ `startInMs`), evenly over
   * `windowMs` (all at once when 0), in one transaction that also moves the deliver-due wake-up row to now and
   * NOTIFYs (what a writer does): the drain starts at one instant with every daemon listening.
   */
  async makeDue(windowMs = 0, startInMs = 0): Promise<void> {
    const now = new Date(Date.now() + startInMs).toISOString();
    const client = await this.db.connect();
    try {
      await client.query('begin');
      await client.query(
        `with ordered as (
           select id, row_number() over (order by id) - 1 as rn, count(*) over () as n
           from notification_deliveries where status = 'scheduled')
         update notification_deliveries d
         set due_at = to_char(($1::timestamptz + (o.rn * $2::float8 / o.n) * interval '1 millisecond') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
         from ordered o where d.id = o.id`,
        [now, windowMs],
      );
      await client.query(
        `update notification_deliveries set scheduled_at = due_at where status = 'scheduled'`,
      );
      await client.query(
        `update shared_scheduled_commands set run_at = $1 where key = $2 and status = 'pending'`,
        [now, DELIVER_DUE_WAKE_UP_KEY],
      );
      await client.query('select pg_notify($1, $2)', [
        `tickler_queue_${this.schema}`.slice(0, 63),
        now,
      ]);
      await client.query('commit');
    } finally {
      client.release();
    }
  }

  /** One number from the schema. */
  async count(text: string, params: unknown[] = []): Promise<number> {
    const { rows } = await this.query<{ n: string }>(text, params);
    return Number(rows[0]?.n ?? 0);
  }

  /** One query on the schema; retried once (after a server restart the pool's connection was cut). */
  async query<R extends pg.QueryResultRow>(
    text: string,
    params: unknown[] = [],
  ): Promise<pg.QueryResult<R>> {
    try {
      return await this.db.query<R>(text, params);
    } catch {
      // A cut connection is dropped from the pool; a real error fails again on the retry.
      await new Promise((resolve) => setTimeout(resolve, 200));
      return this.db.query<R>(text, params);
    }
  }

  /** Totals of the drain so far. */
  async counts(): Promise<DrainCounts> {
    const { rows } = await this.query<Record<keyof DrainCounts, string>>(
      `select (select count(*) from notification_deliveries) as deliveries,
              (select count(*) from notification_deliveries where status = 'sent') as sent,
              (select count(*) from notification_deliveries where status in ('scheduled', 'sending')) as live,
              (select count(*) from notification_inbox) as "inboxRows",
              (select count(distinct notification_id) from notification_inbox) as "inboxDistinct"`,
    );
    const row = rows[0] as Record<keyof DrainCounts, string>;
    return {
      deliveries: Number(row.deliveries),
      sent: Number(row.sent),
      live: Number(row.live),
      inboxRows: Number(row.inboxRows),
      inboxDistinct: Number(row.inboxDistinct),
    };
  }

  /** Whether any delivery is scheduled or sending (one indexed probe: cheap to poll). */
  async anyLive(): Promise<boolean> {
    return (
      (await this.count(
        `select count(*) as n from (select 1 from notification_deliveries where status in ('scheduled', 'sending') limit 1) x`,
      )) > 0
    );
  }

  /** Waits until no delivery is scheduled or sending; the final counts. */
  async drained(deadlineMs: number): Promise<DrainCounts> {
    return eventually(
      async () => {
        return (await this.anyLive()) ? undefined : this.counts();
      },
      deadlineMs,
      20,
    );
  }

  /** The instance id `daemon` logged when it took its lock. */
  instanceOf(daemon: DaemonProcess): string {
    const line = daemon.lines.find((l) => l.msg === 'instance lock held');
    if (typeof line?.instance !== 'string') {
      throw new Error('the daemon did not log its instance');
    }
    return line.instance;
  }

  /** Queue rows `instance` holds (`running` under its claim). */
  claimsOf(instance: string): Promise<number> {
    return this.count(
      `select count(*) as n from shared_scheduled_commands where status = 'running' and claimed_by = $1`,
      [instance],
    );
  }

  /** A running daemon holding a queue claim (a deliver-due run) while deliveries are left. */
  async claimHolderMidDrain(
    deadlineMs: number,
  ): Promise<{ daemon: DaemonProcess; instance: string }> {
    return eventually(
      async () => {
        for (const daemon of this.daemons.filter((d) => d.running)) {
          const instance = this.instanceOf(daemon);
          if ((await this.claimsOf(instance)) > 0 && (await this.counts()).live > 0) {
            return { daemon, instance };
          }
        }
        return undefined;
      },
      deadlineMs,
      5,
    );
  }

  /** `notifications.sent` events this daemon committed since it started (its /metrics). */
  async sentBy(daemon: DaemonProcess): Promise<number> {
    const res = await fetch(`${daemon.url}/metrics`, {
      headers: { authorization: `Bearer ${this.admin}` },
    });
    const text = await res.text();
    const line = /^tickler_domain_events_total\{type="notifications\.sent"\} (\d+)$/m.exec(text);
    return Number(line?.[1] ?? 0);
  }

  /** Stops every daemon still running, drops the schema, removes the folders. */
  async close(): Promise<void> {
    await Promise.all(this.daemons.filter((d) => d.running).map((d) => d.terminate()));
    await this.query(`drop schema if exists ${this.schema} cascade`).catch(() => undefined);
    await this.db.end().catch(() => undefined);
    this.daemons.forEach((d) => fs.rmSync(d.dir, { recursive: true, force: true }));
  }
}
