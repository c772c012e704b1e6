import { probe, probeContext, probeLog, resetProbe } from '../../test/fixtures/probe-context';
import { type Application } from '../context/application';
import { type ManualClock } from '../clock/manual-clock';
import {
  REFERENCE_TIME,
  createTempDirectory,
  createTestApplication,
  type TempDirectory,
} from '../testing';

// PostgreSQL only (jest.postgres.config.js): processes on one database wake each other with
// LISTEN/NOTIFY instead of waiting for the safety sweep.
const T0 = Date.parse(REFERENCE_TIME);
const HOUR = 3_600_000;
let dir: TempDirectory;
const apps: Application[] = [];

beforeEach(() => {
  resetProbe();
  dir = createTempDirectory();
});

afterEach(async () => {
  for (const app of apps.splice(0)) {
    await app.stop();
  }
  dir.remove();
});

/** Lets I/O run until `done` holds: the notification travels through the server. */
async function until(done: () => boolean): Promise<void> {
  while (!done()) {
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

async function boot(clock?: ManualClock): Promise<{ app: Application; clock: ManualClock }> {
  const booted = await createTestApplication([probeContext], {
    file: dir.file('shared'),
    queue: { sweepMs: HOUR },
    ...(clock ? { clock } : {}),
  });
  apps.push(booted.app);
  return booted;
}

const armed = (clock: ManualClock): number[] => clock.timerInstants().map((d) => +d - T0);

describe('queue wake-ups between processes on PostgreSQL', () => {
  it('a row another process commits arms this queue at its instant (NOTIFY on commit), not at the sweep', async () => {
    const { app, clock } = await boot();
    app.start();
    await clock.advance(0);
    expect(armed(clock)).toEqual([HOUR]);
    // A second process (its own pool and queue, never started) on the same database.
    const other = await boot(clock);
    await other.app.queue.enqueue(probe('foreign'), { delayMs: 5_000 });
    await until(() => armed(clock).includes(5_000));
    await clock.advance(5_000);
    expect(probeLog).toEqual([{ name: 'foreign', at: '2026-09-10T08:30:05.000Z' }]);
  });

  it('a later row from another process leaves the armed timer alone (earlier only)', async () => {
    const { app, clock } = await boot();
    app.start();
    await clock.advance(0);
    await app.queue.enqueue(probe('mine'), { delayMs: 10_000 });
    const other = await boot(clock);
    await other.app.queue.enqueue(probe('early'), { delayMs: 2_000 });
    await until(() => armed(clock).includes(2_000));
    await other.app.queue.enqueue(probe('late'), { delayMs: 20_000 });
    await other.app.queue.enqueue(probe('earliest'), { delayMs: 1_000 });
    await until(() => armed(clock).includes(1_000));
    // One timer for the earliest row (plus the sweep): the later notifications armed nothing.
    expect(armed(clock)).toEqual([1_000, HOUR]);
    await clock.advance(20_000);
    expect(probeLog.map((p) => p.name)).toEqual(['earliest', 'early', 'mine', 'late']);
  });
});
