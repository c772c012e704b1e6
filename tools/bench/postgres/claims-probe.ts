// `node tools/dist/bench/postgres/claims-probe.js [build-root]`: the 4-daemon lateness phase of
// `npm run bench -- --postgres` on a private cluster with pg_stat_statements, counting the
// queue's claims (calls and rows returned: an empty claim is a daemon woken for nothing), its
// NOTIFYs and all statements. `build-root` (default: this checkout) is a built checkout whose
// daemons to measure, so two builds can be alternated on the same minutes (issue 28 item 4).
import fs from 'node:fs';
import path from 'node:path';
import { PrivatePostgres } from '../../reliability/support/private-postgres';
import { pgBenchConfig } from './pg-bench';
import { phasesOf } from './phases-of';
import { withStatements } from './with-statements';

/** A port apart from the bench's (55433) and the torture's (55432). */
const PROBE_PORT = 55_434;

interface StatementRow {
  query: string;
  calls: number;
  rows: number;
}

async function main(): Promise<void> {
  const root = path.resolve(process.argv[2] ?? path.join(__dirname, '../../../..'));
  const server = PrivatePostgres.start(PROBE_PORT, { fsync: true });
  try {
    const admin = await withStatements(server);
    const Phases = phasesOf(root);
    const phases = new Phases(server, pgBenchConfig(false), () => undefined);
    await admin.query('select pg_stat_statements_reset()');
    const lateness = await phases.lateness();
    const { rows } = await admin.query<StatementRow>(
      `select query, calls::int as calls, rows::int as rows from pg_stat_statements
       where query not like '%pg_stat_statements%'`,
    );
    await admin.end();
    const sum = (of: StatementRow[], key: 'calls' | 'rows'): number =>
      of.reduce((total, row) => total + row[key], 0);
    const claims = rows.filter(
      (r) => r.query.includes('shared_scheduled_commands') && /skip locked/i.test(r.query),
    );
    const claimCalls = sum(claims, 'calls');
    const nonEmpty = Math.min(claimCalls, sum(claims, 'rows'));
    process.stdout.write(
      `${JSON.stringify({
        build: root,
        reminders: lateness.n,
        latenessP50Ms: lateness.p50,
        latenessP99Ms: Math.round(lateness.p99),
        statements: sum(rows, 'calls'),
        claims: claimCalls,
        claimRows: sum(claims, 'rows'),
        emptyClaimsAtLeastPct: Math.round(
          (100 * (claimCalls - nonEmpty)) / Math.max(1, claimCalls),
        ),
        notifies: sum(
          rows.filter((r) => r.query.includes('pg_notify')),
          'calls',
        ),
        load1: fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[0],
      })}\n`,
    );
  } finally {
    server.stop();
  }
}

void main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
