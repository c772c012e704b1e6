import path from 'node:path';
import { sql } from 'kysely';
import { type Child, killLeftovers, spawnFixture } from '@tickler/testing';
import { Hit, raceContext } from '../../test/fixtures/race-context';
import { Application } from '../context/application';
import { createTempDirectory, openTestDatabase, type TempDirectory } from '../testing';

const N = 2_000;
const WORKER = path.join(__dirname, '../../test/fixtures/queue-worker.ts');
let dir: TempDirectory;
let children: Child[] = [];

beforeEach(() => {
  dir = createTempDirectory();
});

afterEach(() => {
  killLeftovers(children);
  dir.remove();
});

describe('two processes on one database (a SQLite file, or a PostgreSQL schema)', () => {
  it('never run the same row: every row runs exactly once and both processes claim some', async () => {
    const file = dir.file('app.db');
    const seed = await Application.create({
      database: await openTestDatabase({ file }),
      contexts: [raceContext],
    });
    await seed.uow.run(async (tx) => {
      for (let n = 0; n < N; n++) {
        await seed.queue.enqueue(Object.assign(new Hit(), { n }), {}, tx);
      }
    });
    await seed.stop();

    children = [spawnFixture(WORKER, [file, 'w1']), spawnFixture(WORKER, [file, 'w2'])];
    await Promise.all(children.map((c) => c.line((l) => l === 'ready')));
    for (const child of children) {
      child.process.stdin.end('go\n');
    }
    const exits = await Promise.all(children.map((c) => c.exited));
    expect(exits.map((e) => e.code)).toEqual([0, 0]);

    const check = await openTestDatabase({ file });
    const q = check.kysely;
    const totals = await sql<{
      runs: number;
      distinct_rows: number;
    }>`select count(*) as runs, count(distinct n) as distinct_rows from race_runs`.execute(q);
    const perWorker = await sql<{
      worker: string;
      runs: number;
    }>`select worker, count(*) as runs from race_runs group by worker order by worker`.execute(q);
    const left = await sql<{
      n: number;
    }>`select count(*) as n from shared_scheduled_commands`.execute(q);
    await check.close();

    expect(totals.rows[0]).toEqual({ runs: N, distinct_rows: N });
    expect(perWorker.rows.map((r) => r.worker)).toEqual(['w1', 'w2']);
    expect(perWorker.rows.every((r) => r.runs > 0)).toBe(true);
    expect(left.rows[0]?.n).toBe(0);
  }, 120_000); // two child processes on PostgreSQL: 30 s ran out in a clean-clone run at load 10–13
});
