import { probeAppsPerTest } from '../../test/fixtures/probe-apps';
import { ProbeHandler, probeLog } from '../../test/fixtures/probe-context';
import { ManualClock } from '../clock/manual-clock';
import { type Application } from '../context/application';
import { BoundedContext } from '../context/bounded-context';
import { JOB_LEDGER_KEEP } from './job-occurrences';
import { type RepeatSpec } from './repeat-schedule';

// Issue 13 item 4, kernel half: a repeatable job's missed runs are a decision per job
// (`onMissed: 'run-once' | 'skip'`, with a grace), and each occurrence goes into a bounded
// ledger. Downtime here is real: the application stops, the clock moves, a new one boots on
// the same database file.

const DAY = 86_400_000;
const KEY = 'job:probe:probe.run';
const bootApps = probeAppsPerTest();

function jobs(repeat: RepeatSpec, inClaimTransaction = false): BoundedContext {
  return BoundedContext.create({
    name: 'probe',
    migrations: {},
    commands: [ProbeHandler],
    jobs: [
      {
        handler: ProbeHandler,
        repeat,
        payload: { name: 'job' },
        inClaimTransaction,
        runOnStart: false,
      },
    ],
  });
}

function boot(context: BoundedContext, clock: ManualClock): Promise<Application> {
  return bootApps([context], clock);
}

/** Runs the job a day at 09:00 New York, then stops: the daemon is down until `downUntil`. */
async function downAfterFirstDay(context: BoundedContext, downUntil: string) {
  const clock = new ManualClock('2026-03-06T13:59:00.000Z');
  const first = await boot(context, clock);
  await clock.advance(60_000); // 09:00 EST, 6 March: on time
  await first.stop();
  clock.set(downUntil);
  const second = await boot(context, clock);
  await clock.advance(0);
  const ledger = async () =>
    (await second.queue.jobOccurrences({ jobKey: KEY })).map((o) => [
      o.instant,
      o.outcome,
      o.reason,
    ]);
  return { clock, app: second, ledger };
}

const NINE_NY = { cron: '0 9 * * *', tz: 'America/New_York' } as const;

describe('a repeatable job after downtime', () => {
  it.each([false, true])(
    'run-once (the default): one late run, the occurrences between recorded collapsed (in claim transaction: %s)',
    async (inClaim) => {
      const { app, ledger } = await downAfterFirstDay(
        jobs({ ...NINE_NY, grace: '5m' }, inClaim),
        '2026-03-10T15:00:00.000Z',
      );
      expect(probeLog.map((p) => p.at)).toEqual([
        '2026-03-06T14:00:00.000Z', // before the downtime, on time
        '2026-03-10T15:00:00.000Z', // ONE run for the downtime
      ]);
      expect(await ledger()).toEqual([
        ['2026-03-06T14:00:00.000Z', 'ran', null],
        ['2026-03-07T14:00:00.000Z', 'ran', 'late'],
        ['2026-03-08T13:00:00.000Z', 'skipped', 'collapsed'],
        ['2026-03-09T13:00:00.000Z', 'skipped', 'collapsed'],
        ['2026-03-10T13:00:00.000Z', 'skipped', 'collapsed'],
      ]);
      const [row] = await app.database.kysely
        .selectFrom('shared_scheduled_commands' as never)
        .select(['runs', 'skipped_runs', 'run_at'] as never[])
        .execute();
      expect(row).toEqual({ runs: 2, skipped_runs: 3, run_at: '2026-03-11T13:00:00.000Z' });
    },
  );

  it.each([false, true])(
    'skip: nothing runs late, every missed occurrence recorded too-late, the next runs on time (in claim transaction: %s)',
    async (inClaim) => {
      const { clock, app, ledger } = await downAfterFirstDay(
        jobs({ ...NINE_NY, onMissed: 'skip', grace: '5m' }, inClaim),
        '2026-03-10T15:00:00.000Z',
      );
      expect(probeLog.map((p) => p.at)).toEqual(['2026-03-06T14:00:00.000Z']);
      await clock.advance(DAY); // to 11 March 15:00: the 13:00 occurrence runs on time
      expect(probeLog.map((p) => p.at)).toEqual([
        '2026-03-06T14:00:00.000Z',
        '2026-03-11T13:00:00.000Z',
      ]);
      expect(await ledger()).toEqual([
        ['2026-03-06T14:00:00.000Z', 'ran', null],
        ['2026-03-07T14:00:00.000Z', 'skipped', 'too-late'],
        ['2026-03-08T13:00:00.000Z', 'skipped', 'too-late'],
        ['2026-03-09T13:00:00.000Z', 'skipped', 'too-late'],
        ['2026-03-10T13:00:00.000Z', 'skipped', 'too-late'],
        ['2026-03-11T13:00:00.000Z', 'ran', null],
      ]);
      const all = await app.queue.jobOccurrences();
      expect(all.every((o) => o.jobKey === KEY)).toBe(true);
    },
  );

  it('skip within the grace still runs: a restart 4 minutes late is on time', async () => {
    const { ledger } = await downAfterFirstDay(
      jobs({ ...NINE_NY, onMissed: 'skip', grace: '5m' }),
      '2026-03-07T14:04:00.000Z',
    );
    expect(probeLog.map((p) => p.at)).toEqual([
      '2026-03-06T14:00:00.000Z',
      '2026-03-07T14:04:00.000Z',
    ]);
    expect(await ledger()).toEqual([
      ['2026-03-06T14:00:00.000Z', 'ran', null],
      ['2026-03-07T14:00:00.000Z', 'ran', null],
    ]);
  });

  it(`keeps the last ${JOB_LEDGER_KEEP} occurrences per job, however many ran`, async () => {
    const clock = new ManualClock('2026-09-10T08:30:00.000Z');
    const app = await boot(jobs({ every: '1s' }), clock);
    // 151 settles: the last one (150 before it) is a trim settle (every JOB_LEDGER_TRIM_EVERY).
    await clock.advance(150_000);
    const ledger = await app.queue.jobOccurrences({ jobKey: KEY });
    expect(probeLog).toHaveLength(151);
    expect(ledger).toHaveLength(JOB_LEDGER_KEEP);
    expect(ledger[0]?.instant).toBe('2026-09-10T08:30:51.000Z');
    expect(ledger.at(-1)).toMatchObject({ instant: '2026-09-10T08:32:30.000Z', outcome: 'ran' });
  });

  it('refuses an unknown onMissed or a grace without a unit when the job is registered', async () => {
    const clock = new ManualClock('2026-09-10T08:30:00.000Z');
    const app = await boot(BoundedContext.create({ name: 'probe', migrations: {} }), clock);
    await expect(
      app.queue.schedule({ type: 'probe.run', payload: {} }, 'job:x', {
        repeat: { every: '1m', onMissed: 'burst' as never },
      }),
    ).rejects.toMatchObject({ field: 'repeat.onMissed' });
    await expect(
      app.queue.schedule({ type: 'probe.run', payload: {} }, 'job:x', {
        repeat: { every: '1m', grace: '5' },
      }),
    ).rejects.toMatchObject({ field: 'repeat.grace' });
  });
});
