import fs from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import { PgFleet } from '../../reliability/support/pg-fleet';
import { type PrivatePostgres } from '../../reliability/support/private-postgres';
import { quantile } from '../stats';
import { childrenOf, CpuMeter, total } from './cpu';
import { type PgBenchConfig, type PgDrainRun, type PgIdleRun } from './pg-bench.types';
import { GraphilePeer, PgBossPeer, type PgPeer } from './pg-peers';

/** The bench's own server: isolated from the shared test server's other users (port 55433). */
export const BENCH_PG_PORT = 55_433;

/** Sizes of a full run (issue 16 item 4) and of a quick one (iteration on a loaded machine). */
export function pgBenchConfig(quick: boolean): PgBenchConfig {
  return quick
    ? {
        mode: 'quick',
        drainN: 20_000,
        daemonCounts: [1, 2, 4],
        latenessN: 300,
        latenessWindowMs: 5_000,
        latenessDaemons: 4,
        idleMs: 20_000,
      }
    : {
        mode: 'full',
        drainN: 100_000,
        daemonCounts: [1, 2, 4],
        latenessN: 1_000,
        latenessWindowMs: 10_000,
        latenessDaemons: 4,
        idleMs: 60_000,
      };
}

/** Waits (polling every 20 ms) until `done`; the seconds it took from `t0`. */
async function until(done: () => boolean | Promise<boolean>, t0: number): Promise<number> {
  while (!(await done())) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return (Date.now() - t0) / 1000;
}

/** One run's server and what every phase needs of it. */
export class PgBenchPhases {
  constructor(
    private readonly server: PrivatePostgres,
    private readonly config: PgBenchConfig,
    private readonly log: (line: string) => void,
  ) {}

  private postgresPids(): number[] {
    return [this.server.postmasterPid(), ...childrenOf(this.server.postmasterPid())];
  }

  /** Drain of `drainN` due inbox deliveries by `n` daemon processes. */
  async ticklerDrain(n: number): Promise<PgDrainRun> {
    const fleet = new PgFleet(this.server.url, 'tickler');
    try {
      await fleet.open(n);
      this.log(`tickler ×${n}: seeding ${this.config.drainN} deliveries (a day ahead)`);
      await fleet.seedInbox(new Array<number>(this.config.drainN).fill(Date.now() + 86_400_000));
      const daemonPids = fleet.daemons.map((d) => d.pid as number);
      const workers = new CpuMeter(() => daemonPids).start();
      const postgres = new CpuMeter(() => this.postgresPids()).start();
      const t0 = Date.now();
      await fleet.makeDue();
      const seconds = await until(async () => !(await fleet.anyLive()), t0);
      const workerCpu = workers.stop();
      const postgresUse = total(postgres.stop());
      const c = await fleet.counts();
      if (c.sent !== this.config.drainN || c.inboxDistinct !== c.sent) {
        throw new Error(`tickler ×${n}: ${JSON.stringify(c)}`);
      }
      const shares = await Promise.all(fleet.daemons.map((d) => fleet.sentBy(d)));
      const run = {
        system: 'Tickler',
        processes: n,
        items: c.sent,
        seconds,
        perSec: c.sent / seconds,
        workerCpuSec: daemonPids.map((pid) => workerCpu.get(pid)?.cpu ?? 0),
        shares,
        postgresCpuSec: postgresUse.cpu,
        workerWaitSec: total(workerCpu).wait,
        postgresWaitSec: postgresUse.wait,
      };
      this.log(`tickler ×${n}: ${Math.round(run.perSec)}/s (shares ${shares.join(', ')})`);
      return run;
    } finally {
      await fleet.close();
    }
  }

  /** Drain of `drainN` due jobs by a peer's worker in this process. */
  async peerDrain(peer: PgPeer): Promise<PgDrainRun> {
    try {
      this.log(`${peer.label}: inserting ${this.config.drainN} due jobs`);
      await peer.insertDue(this.config.drainN);
      let done = 0;
      const postgres = new CpuMeter(() => this.postgresPids()).start();
      const self = new CpuMeter(() => [process.pid]).start();
      const t0 = Date.now();
      await peer.startWorker(() => done++);
      const seconds = await until(() => done >= this.config.drainN, t0);
      const mine = total(self.stop());
      const postgresUse = total(postgres.stop());
      const run = {
        system: peer.label,
        processes: 1,
        items: done,
        seconds,
        perSec: done / seconds,
        workerCpuSec: [mine.cpu],
        postgresCpuSec: postgresUse.cpu,
        workerWaitSec: mine.wait,
        postgresWaitSec: postgresUse.wait,
      };
      this.log(`${peer.label}: ${Math.round(run.perSec)}/s`);
      return run;
    } finally {
      await peer.close();
    }
  }

  /** Lateness (sent_at − scheduled_at) of `latenessN` reminders over the window. */
  async lateness(): Promise<{ p50: number; p99: number; max: number; n: number; daemons: number }> {
    const { latenessN: n, latenessWindowMs: window, latenessDaemons: daemons } = this.config;
    const fleet = new PgFleet(this.server.url, 'tickler');
    try {
      await fleet.open(daemons);
      // Seeded a day ahead, then re-timed in one statement to start 2 s from now: the seeding's
      // own duration (seconds on a loaded machine) stays out of the figure.
      await fleet.seedInbox(new Array<number>(n).fill(Date.now() + 86_400_000));
      await fleet.makeDue(window, 2_000);
      await fleet.drained(window + 120_000);
      const { rows } = await fleet.query<{ ms: string }>(
        `select extract(epoch from (sent_at::timestamptz - scheduled_at::timestamptz)) * 1000 as ms from notification_deliveries where status = 'sent'`,
      );
      const ms = rows.map((r) => Number(r.ms));
      return {
        p50: quantile(ms, 0.5),
        p99: quantile(ms, 0.99),
        max: Math.max(...ms),
        n: ms.length,
        daemons,
      };
    } finally {
      await fleet.close();
    }
  }

  /**
   * Statements per minute with nothing due, counted in the server's own statement log
   * (`log_statement = all`, prefixed with the connection's application_name): Tickler's
   * daemons (one reminder due in an hour) and both peers' idle workers, at the same time.
   */
  async idle(): Promise<PgIdleRun[]> {
    const admin = new pg.Client({ connectionString: this.server.url });
    await admin.connect();
    const fleet = new PgFleet(this.server.url, 'tickler');
    const peers = [new PgBossPeer(this.server.url), new GraphilePeer(this.server.url)];
    try {
      const daemons = this.config.latenessDaemons;
      await fleet.open(daemons);
      await fleet.seedInbox([Date.now() + 3_600_000]);
      for (const peer of peers) {
        await peer.insertDue(0);
        await peer.startWorker(() => undefined);
      }
      // Past start-up and the first polls.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      await admin.query(`alter system set log_line_prefix = '[%a] '`);
      await admin.query(`alter system set log_statement = 'all'`);
      await admin.query('select pg_reload_conf()');
      const from = fs.statSync(this.server.logFile).size;
      await new Promise((resolve) => setTimeout(resolve, this.config.idleMs));
      await admin.query(`alter system reset log_statement`);
      await admin.query('select pg_reload_conf()');
      const text = fs.readFileSync(this.server.logFile, 'utf8').slice(from);
      const perMin = (app: string): number => {
        const lines = text
          .split('\n')
          .filter((l) => l.startsWith(`[${app}] `) && /LOG: {2}(statement|execute)/.test(l));
        return (lines.length * 60_000) / this.config.idleMs;
      };
      return [
        { system: 'Tickler', processes: daemons, statementsPerMin: perMin('tickler') },
        { system: 'pg-boss tuned', processes: 1, statementsPerMin: perMin('pg-boss') },
        { system: 'Graphile Worker', processes: 1, statementsPerMin: perMin('graphile-worker') },
      ];
    } finally {
      await Promise.all(peers.map((p) => p.close()));
      await fleet.close();
      await admin.end();
    }
  }
}

/** The server's version line. */
export async function serverVersion(url: string): Promise<string> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return String(
      (await c.query<{ v: string }>("select current_setting('server_version') as v")).rows[0]?.v,
    );
  } finally {
    await c.end();
  }
}

/** `os.loadavg()` rounded to two decimals. */
export function loadAverage(): number[] {
  return os.loadavg().map((l) => Math.round(l * 100) / 100);
}
