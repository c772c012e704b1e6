import path from 'node:path';
import { spawnFixture } from '@tickler/testing';
import {
  resetTally,
  tally,
  tallyContext,
  type TallyTables,
} from '../../test/fixtures/tally-context';
import { ManualClock } from '../clock/manual-clock';
import { type Application } from '../context/application';
import { openSqliteDatabase } from '../database/sqlite-database';
import { tablesOf } from '../database/database';
import {
  createTempDirectory,
  createTestApplication,
  REFERENCE_TIME,
  type TempDirectory,
} from '../testing';

const MINUTE = 60_000;
const HANG = path.join(__dirname, '../../test/fixtures/tally-hang.ts');
const JOB_KEY = 'job:tally:tally.run';
let dir: TempDirectory;
let app: Application;
let clock: ManualClock;
let statements: string[];

beforeEach(() => {
  resetTally();
  dir = createTempDirectory();
  statements = [];
  clock = new ManualClock(REFERENCE_TIME);
});

/**
 * Boots the tally context and lets the job's start-up run happen. `counting`: on a SQLite
 * file whose statements are recorded; otherwise on the test back end (SQLite or PostgreSQL).
 */
async function boot(counting: boolean): Promise<void> {
  ({ app } = await createTestApplication([tallyContext], {
    clock,
    ...(counting
      ? {
          database: openSqliteDatabase({
            file: dir.file('app.db'),
            onStatement: (text) => statements.push(text),
          }),
        }
      : { file: dir.file('app.db') }),
  }));
  app.start();
  await clock.advance(0);
  await tablesOf<TallyTables>(app.database.kysely).deleteFrom('tally_runs').execute();
  statements.length = 0;
  resetTally();
}

afterEach(async () => {
  await app?.stop();
  dir.remove();
});

const runs = () =>
  tablesOf<TallyTables>(app.database.kysely)
    .selectFrom('tally_runs')
    .selectAll()
    .orderBy('at')
    .execute();
const jobRow = async () =>
  (await app.database.kysely
    .selectFrom('shared_scheduled_commands' as never)
    .selectAll()
    .where('key' as never, '=', JOB_KEY as never)
    .executeTakeFirstOrThrow()) as Record<string, unknown>;
const commits = () => statements.filter((s) => s === 'commit').length;

describe('a job run in its claim transaction (statements counted on SQLite)', () => {
  it('claims, runs and re-arms in ONE transaction, the handler joined to it', async () => {
    await boot(true);
    await clock.advance(MINUTE);
    expect(tally.joined).toEqual([true]);
    expect(await runs()).toEqual([{ at: '2026-09-10T08:31:00.000Z', joined: 1 }]);
    expect(statements.filter((s) => s.startsWith('begin'))).toEqual(['begin immediate']);
    expect(commits()).toBe(1);
    expect(await jobRow()).toMatchObject({
      status: 'pending',
      run_at: '2026-09-10T08:32:00.000Z',
      runs: 2,
      failed_runs: 0,
      lease_token: null,
      attempts: 0,
    });
  });

  it('an idle queue whose only work is the minutely job looks at the table once a minute, not once more for the sweep', async () => {
    await boot(true);
    await clock.advance(3 * MINUTE);
    const looks = statements.filter((s) =>
      s.startsWith('select "run_at" from "shared_scheduled_commands"'),
    );
    expect(looks).toHaveLength(3);
    expect(tally.joined).toEqual([true, true, true]);
  });
});

describe('a job run in its claim transaction', () => {
  it('a throw rolls back the claim, the handler’s writes and the re-arm; the run is then retried the ordinary way', async () => {
    await boot(false);
    tally.failures = 1;
    await clock.advance(MINUTE);
    // First try joined and rolled back (its row is gone), then outside any transaction.
    expect(tally.joined).toEqual([true, false]);
    expect(await runs()).toEqual([{ at: '2026-09-10T08:31:00.000Z', joined: 0 }]);
    expect(await jobRow()).toMatchObject({
      status: 'pending',
      run_at: '2026-09-10T08:32:00.000Z',
      runs: 2,
      failed_runs: 0,
    });
  });

  it('a run that fails both ways is retried after its backoff like any queued command', async () => {
    await boot(false);
    tally.failures = 2;
    await clock.advance(MINUTE);
    expect(tally.joined).toEqual([true, false]);
    // The ordinary run's own transaction committed its write before it threw (not joined).
    expect(await runs()).toEqual([{ at: '2026-09-10T08:31:00.000Z', joined: 0 }]);
    expect(await jobRow()).toMatchObject({
      status: 'pending',
      run_at: '2026-09-10T08:31:01.000Z',
      attempts: 1,
      last_error: 'Error: tally failed after writing',
    });
    await clock.advance(1_000);
    expect(tally.joined).toEqual([true, false, true]);
    expect(await jobRow()).toMatchObject({
      status: 'pending',
      run_at: '2026-09-10T08:32:00.000Z',
      attempts: 0,
      runs: 2,
    });
  });

  it('a process killed inside the run leaves nothing of it: the row is still pending and due, the handler’s write is gone', async () => {
    const file = dir.file('app.db');
    const child = spawnFixture(HANG, [file]);
    try {
      await child.line((l) => l === 'inside');
      child.process.kill('SIGKILL');
      expect((await child.exited).signal).toBe('SIGKILL');
    } finally {
      child.process.kill('SIGKILL');
    }
    ({ app } = await createTestApplication([tallyContext], { clock, file }));
    expect(await runs()).toEqual([]);
    expect(await jobRow()).toMatchObject({
      status: 'pending',
      run_at: REFERENCE_TIME,
      attempts: 0,
      runs: 0,
      lease_token: null,
    });
    app.start();
    await clock.advance(0);
    expect(await runs()).toEqual([{ at: REFERENCE_TIME, joined: 1 }]);
    expect(await jobRow()).toMatchObject({
      status: 'pending',
      run_at: '2026-09-10T08:31:00.000Z',
      runs: 1,
    });
  }, 30_000);
});
