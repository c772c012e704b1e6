// `node tools/dist/bench/postgres/drain-statements-probe.js <daemons> [build-root]`: the bench's
// Tickler drain on PostgreSQL (`PgBenchPhases.ticklerDrain`, 100k due inbox deliveries) on a
// private cluster with pg_stat_statements, printing the drain's CPU per delivery and, per
// statement, its calls, rows and execution time per delivery: where the server's share of a
// delivery goes (issue 28). `build-root` (default: this checkout) is the built checkout to run.
import fs from 'node:fs';
import path from 'node:path';
import { PrivatePostgres } from '../../reliability/support/private-postgres';
import { pgBenchConfig } from './pg-bench';
import { phasesOf } from './phases-of';
import { withStatements } from './with-statements';

/** A port apart from the bench's (55433), the torture's (55432) and the other probes'. */
const PROBE_PORT = 55_436;
/** Statements printed, the costliest first. */
const TOP = 15;

interface StatementRow {
  query: string;
  calls: number;
  rows: number;
  ms: number;
}

async function main(): Promise<void> {
  const daemons = Number(process.argv[2] ?? '1');
  const root = path.resolve(process.argv[3] ?? path.join(__dirname, '../../../..'));
  if (!Number.isInteger(daemons) || daemons < 1) {
    throw new Error('usage: drain-statements-probe.js <daemons> [build-root]');
  }
  const server = PrivatePostgres.start(PROBE_PORT, { fsync: true });
  try {
    const admin = await withStatements(server);
    const Phases = phasesOf(root);
    const phases = new Phases(server, pgBenchConfig(false), () => undefined);
    await admin.query('select pg_stat_statements_reset()');
    const run = await phases.ticklerDrain(daemons);
    const { rows } = await admin.query<StatementRow>(
      `select query, calls::int as calls, rows::int as rows, total_exec_time as ms
       from pg_stat_statements where query not like '%pg_stat_statements%'
       order by total_exec_time desc`,
    );
    await admin.end();
    const perDelivery = (ms: number): number => Number(((ms * 1000) / run.items).toFixed(1));
    const daemonCpu = run.workerCpuSec.reduce((sum, cpu) => sum + cpu, 0);
    process.stdout.write(
      `${JSON.stringify({
        build: root,
        daemons,
        perSec: Math.round(run.perSec),
        daemonCpuUsPerDelivery: perDelivery(daemonCpu * 1000),
        serverCpuUsPerDelivery: perDelivery(run.postgresCpuSec * 1000),
        statementUsPerDelivery: perDelivery(rows.reduce((sum, r) => sum + r.ms, 0)),
        statements: rows.reduce((sum, r) => sum + r.calls, 0),
        load1: fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[0],
      })}\n`,
    );
    for (const row of rows.slice(0, TOP)) {
      const text = row.query.replace(/\s+/g, ' ').slice(0, 110);
      process.stdout.write(
        `${String(perDelivery(row.ms)).padStart(7)} µs/delivery ${String(row.calls).padStart(7)} calls ${String(row.rows).padStart(8)} rows  ${text}\n`,
      );
    }
  } finally {
    server.stop();
  }
}

void main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
