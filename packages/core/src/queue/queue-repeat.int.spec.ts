import { sql } from 'kysely';
import { probeAppsPerTest } from '../../test/fixtures/probe-apps';
import { ProbeHandler, probe, probeContext, probeLog } from '../../test/fixtures/probe-context';
import { type Application } from '../context/application';
import { BoundedContext } from '../context/bounded-context';
import { ManualClock } from '../clock/manual-clock';
import { type RepeatSpec } from './repeat-schedule';

const DAY = 86_400_000;
// Not started: each test schedules or moves the clock first.
const boot = probeAppsPerTest({ start: false });

describe('cron repeatables in a time zone', () => {
  it('run once per local 09:00 across the spring-forward change (no double, no skip)', async () => {
    const clock = new ManualClock('2026-03-06T00:00:00.000Z');
    const app = await boot([probeContext], clock);
    await app.queue.schedule(probe('daily'), 'job:daily', {
      repeat: { cron: '0 9 * * *', tz: 'America/New_York' },
    });
    app.start();
    await clock.advance(5 * DAY);
    expect(probeLog.map((p) => p.at)).toEqual([
      '2026-03-06T14:00:00.000Z',
      '2026-03-07T14:00:00.000Z',
      // 8 March 02:00 EST -> 03:00 EDT: 09:00 local is now 13:00 UTC.
      '2026-03-08T13:00:00.000Z',
      '2026-03-09T13:00:00.000Z',
      '2026-03-10T13:00:00.000Z',
    ]);
  });

  it('run once per local 09:00 across the fall-back change', async () => {
    const clock = new ManualClock('2026-10-23T00:00:00.000Z');
    const app = await boot([probeContext], clock);
    await app.queue.schedule(probe('daily'), 'job:daily', {
      repeat: { cron: '0 9 * * *', tz: 'Europe/Berlin' },
    });
    app.start();
    await clock.advance(4 * DAY);
    expect(probeLog.map((p) => p.at)).toEqual([
      '2026-10-23T07:00:00.000Z',
      '2026-10-24T07:00:00.000Z',
      // 25 October 03:00 CEST -> 02:00 CET: 09:00 local is now 08:00 UTC.
      '2026-10-25T08:00:00.000Z',
      '2026-10-26T08:00:00.000Z',
    ]);
  });

  it('a local time inside the spring-forward gap runs that day, an hour later (no skip)', async () => {
    const clock = new ManualClock('2026-03-07T00:00:00.000Z');
    const app = await boot([probeContext], clock);
    await app.queue.schedule(probe('gap'), 'job:gap', {
      repeat: { cron: '30 2 * * *', tz: 'America/New_York' },
    });
    app.start();
    await clock.advance(3 * DAY);
    // 02:30 does not exist on 8 March; it runs at 03:30 EDT like classic cron.
    expect(probeLog.map((p) => p.at)).toEqual([
      '2026-03-07T07:30:00.000Z',
      '2026-03-08T07:30:00.000Z',
      '2026-03-09T06:30:00.000Z',
    ]);
  });

  it('an hourly cron runs once per local hour: the repeated 01:00 of fall-back runs once', async () => {
    const clock = new ManualClock('2026-11-01T04:00:00.000Z');
    const app = await boot([probeContext], clock);
    await app.queue.schedule(probe('hourly'), 'job:hourly', {
      repeat: { cron: '0 * * * *', tz: 'America/New_York' },
    });
    app.start();
    // 00:00 EDT (04:00Z) .. 03:00 EST (08:00Z); 01:00 local happens twice.
    await clock.advance(4 * 3_600_000);
    // 01:00 EDT (05:00Z) runs; its repeat as 01:00 EST (06:00Z) is the same local occurrence.
    expect(probeLog.map((p) => p.at.slice(11, 16))).toEqual(['04:00', '05:00', '07:00', '08:00']);
  });

  it('after downtime runs once and counts the skipped occurrences', async () => {
    const clock = new ManualClock('2026-03-06T00:00:00.000Z');
    const app = await boot([probeContext], clock);
    await app.queue.schedule(probe('daily'), 'job:daily', {
      repeat: { cron: '0 9 * * *', tz: 'America/New_York' },
    });
    clock.set('2026-03-10T15:00:00.000Z');
    app.start();
    await clock.advance(0);
    expect(probeLog.map((p) => p.at)).toEqual(['2026-03-10T15:00:00.000Z']);
    const { rows } = await sql<{
      skipped_runs: number;
      run_at: string;
    }>`select skipped_runs, run_at from shared_scheduled_commands`.execute(app.database.kysely);
    expect(rows).toEqual([{ skipped_runs: 4, run_at: '2026-03-11T13:00:00.000Z' }]);
  });
});

function jobsContext(repeat: RepeatSpec): BoundedContext {
  return BoundedContext.create({
    name: 'probe',
    migrations: {},
    commands: [ProbeHandler],
    jobs: [{ handler: ProbeHandler, repeat, payload: { name: 'job' } }],
  });
}

async function jobRows(
  app: Application,
): Promise<{ key: string; repeat_every_ms: number; run_at: string }[]> {
  const { rows } = await sql<{
    key: string;
    repeat_every_ms: number;
    run_at: string;
  }>`select key, repeat_every_ms, run_at from shared_scheduled_commands`.execute(
    app.database.kysely,
  );
  return rows;
}

describe('BoundedContext jobs', () => {
  it('booting the application twice on one file keeps one job row', async () => {
    const clock = new ManualClock('2026-09-10T08:30:00.000Z');
    const first = await boot([jobsContext({ every: '1m' })], clock);
    expect(await jobRows(first)).toEqual([
      { key: 'job:probe:probe.run', repeat_every_ms: 60_000, run_at: '2026-09-10T08:30:00.000Z' },
    ]);
    first.start();
    await clock.advance(90_000);
    expect(probeLog).toHaveLength(2);
    await first.stop();

    const second = await boot([jobsContext({ every: '1m' })], clock);
    expect(await jobRows(second)).toEqual([
      { key: 'job:probe:probe.run', repeat_every_ms: 60_000, run_at: '2026-09-10T08:32:00.000Z' },
    ]);
  });

  it('a changed cadence updates the one row', async () => {
    const clock = new ManualClock('2026-09-10T08:30:00.000Z');
    const first = await boot([jobsContext({ every: '1h' })], clock);
    first.start();
    await clock.advance(0);
    expect(await jobRows(first)).toEqual([
      {
        key: 'job:probe:probe.run',
        repeat_every_ms: 3_600_000,
        run_at: '2026-09-10T09:30:00.000Z',
      },
    ]);
    await first.stop();

    const second = await boot([jobsContext({ every: '5m' })], clock);
    expect(await jobRows(second)).toEqual([
      { key: 'job:probe:probe.run', repeat_every_ms: 300_000, run_at: '2026-09-10T08:35:00.000Z' },
    ]);
    second.start();
    await clock.advance(10 * 60_000);
    expect(probeLog.map((p) => p.at)).toEqual([
      '2026-09-10T08:30:00.000Z',
      '2026-09-10T08:35:00.000Z',
      '2026-09-10T08:40:00.000Z',
    ]);
  });
});
