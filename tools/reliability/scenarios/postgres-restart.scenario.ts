import { eventually } from '@tickler/testing';
import pg from 'pg';
import { PgFleet } from '../support/pg-fleet';
import { PrivatePostgres } from '../support/private-postgres';
import { type ScenarioResult, Violations } from '../support/scenario-result';

export interface PostgresRestartOptions {
  readonly daemons: number;
  /** Inbox deliveries due at once (the first wave, drained across the restart). */
  readonly deliveries: number;
  /** Port of the scenario's own server (see PrivatePostgres). */
  readonly port: number;
  readonly drainDeadlineMs: number;
}

const NAME = 'PostgreSQL restarted mid-drain (pg_ctl restart -m fast)';

/** Backends sitting in LISTEN: one per daemon's wake-up connection. */
async function listeners(url: string): Promise<number> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query<{ n: string }>(
      `select count(*) as n from pg_stat_activity where query ilike 'listen %' and pid <> pg_backend_pid()`,
    );
    return Number(rows[0]?.n ?? 0);
  } finally {
    await c.end();
  }
}

/**
 * Scenario 15 (issue 16): N daemons drain one due batch on a server of the scenario's own;
 * mid-drain the server is restarted (every session cut: pool connections, LISTEN connections,
 * instance locks). Checks: every daemon still running, each one LISTENing again, the first
 * wave delivered exactly once, and a second wave seeded after the restart delivered too (it
 * reaches the daemons only through the re-opened LISTEN or the sweep).
 */
export async function runPostgresRestart(options: PostgresRestartOptions): Promise<ScenarioResult> {
  const why = PrivatePostgres.unavailable();
  if (why !== undefined) {
    return { id: 15, name: NAME, figures: {}, violations: [], notes: [`not run: ${why}`] };
  }
  const v = new Violations();
  const server = PrivatePostgres.start(options.port);
  const fleet = new PgFleet(server.url);
  try {
    await fleet.open(options.daemons);
    await fleet.seedDueInbox(options.deliveries);
    const atRestart = await eventually(
      async () => {
        const c = await fleet.counts();
        return c.sent > 0 ? c : undefined;
      },
      60_000,
      5,
    );
    const t0 = Date.now();
    server.restart();
    const restartMs = Date.now() - t0;
    const first = await fleet.drained(options.drainDeadlineMs);
    const relistened = await eventually(
      async () => ((await listeners(server.url)) >= options.daemons ? true : undefined),
      30_000,
      100,
    ).catch(() => false);
    v.check(relistened, () => `fewer than ${options.daemons} LISTEN sessions after the restart`);
    const second = 1_000;
    await fleet.seedDueInbox(second);
    const c = await fleet.drained(options.drainDeadlineMs);
    const total = options.deliveries + second;
    const running = fleet.daemons.filter((d) => d.running).length;
    v.check(running === options.daemons, () => `${options.daemons - running} daemons exited`);
    v.check(
      c.sent === total && c.inboxRows === total && c.inboxDistinct === total,
      () => `${c.sent} sent, ${c.inboxRows} inbox rows (${c.inboxDistinct} distinct) of ${total}`,
    );
    v.check(atRestart.live > 0, () => 'the drain ended before the restart: raise the size');
    return {
      id: 15,
      name: NAME,
      figures: {
        daemons: options.daemons,
        'first wave': options.deliveries,
        'sent when restarted': atRestart.sent,
        'restart took (ms)': restartMs,
        'first wave drained': first.sent,
        'second wave (seeded after)': second,
        'daemons still running': running,
        'LISTEN sessions back': relistened ? options.daemons : 'no',
        lost: total - c.sent,
        'duplicate inbox rows': c.inboxRows - c.inboxDistinct,
      },
      violations: v.done(),
    };
  } finally {
    await fleet.close();
    server.stop();
  }
}
