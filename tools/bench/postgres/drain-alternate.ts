// `node tools/dist/bench/postgres/drain-alternate.js <reps> <daemons> <build-root>...`: the
// bench's Tickler drain on PostgreSQL (`PgBenchPhases.ticklerDrain`, 100k due inbox deliveries)
// with each built checkout's daemons in turn, `reps` times, on one private cluster, printing
// drain rate and CPU (daemons, server) per run: a before/after of two builds on the same
// minutes (issue 28), where a full `npm run bench -- --postgres` compares with peers.
import fs from 'node:fs';
import path from 'node:path';
import { PrivatePostgres } from '../../reliability/support/private-postgres';
import { pgBenchConfig } from './pg-bench';
import { phasesOf } from './phases-of';

/** A port apart from the bench's (55433), the torture's (55432) and the claims probe's (55434). */
const PROBE_PORT = 55_435;

async function main(): Promise<void> {
  const [repsArg, daemonsArg, ...roots] = process.argv.slice(2);
  const reps = Number(repsArg);
  const daemons = Number(daemonsArg);
  if (!Number.isInteger(reps) || reps < 1 || !Number.isInteger(daemons) || roots.length === 0) {
    throw new Error('usage: drain-alternate.js <reps> <daemons> <build-root>...');
  }
  const server = PrivatePostgres.start(PROBE_PORT, { fsync: true });
  try {
    for (let rep = 0; rep < reps; rep++) {
      for (const root of roots) {
        const Phases = phasesOf(path.resolve(root));
        const run = await new Phases(server, pgBenchConfig(false), () => undefined).ticklerDrain(
          daemons,
        );
        const daemonCpu = run.workerCpuSec.reduce((sum, cpu) => sum + cpu, 0);
        process.stdout.write(
          `${JSON.stringify({
            build: root,
            daemons,
            perSec: Math.round(run.perSec),
            daemonCpuSec: Number(daemonCpu.toFixed(2)),
            serverCpuSec: Number(run.postgresCpuSec.toFixed(2)),
            cpuMsPerDelivery: Number(
              (((daemonCpu + run.postgresCpuSec) * 1000) / run.items).toFixed(3),
            ),
            load1: fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[0],
          })}\n`,
        );
      }
    }
  } finally {
    server.stop();
  }
}

void main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
