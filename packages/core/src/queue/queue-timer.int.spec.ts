import { probe, probeContext, probeLog, resetProbe } from '../../test/fixtures/probe-context';
import { MAX_TIMER_DELAY_MS } from '../clock/clock';
import { type Application } from '../context/application';
import {
  REFERENCE_TIME,
  createTempDirectory,
  createTestApplication,
  openTestDatabase,
  type TempDirectory,
} from '../testing';

const T0 = Date.parse(REFERENCE_TIME);
const DAY = 86_400_000;
let dir: TempDirectory;
let app: Application;

beforeEach(() => {
  resetProbe();
  dir = createTempDirectory();
});

afterEach(async () => {
  await app.stop();
  dir.remove();
});

/** Offsets from T0 of the armed timers other than the (very long) sweep. */
function queueTimers(instants: Date[], sweepAtMs: number): number[] {
  return instants.map((d) => +d - T0).filter((offset) => offset !== sweepAtMs);
}

describe('the single queue timer', () => {
  it('an earlier enqueue re-arms the one timer; a later one does not', async () => {
    const sweepMs = 10 * DAY;
    const booted = await createTestApplication([probeContext], {
      file: dir.file('app.db'),
      queue: { sweepMs },
    });
    app = booted.app;
    const { clock } = booted;
    app.start();
    await clock.advance(0);
    expect(queueTimers(clock.timerInstants(), sweepMs)).toEqual([]);

    await app.queue.enqueue(probe('b'), { delayMs: 30_000 });
    expect(queueTimers(clock.timerInstants(), sweepMs)).toEqual([30_000]);
    await app.queue.enqueue(probe('c'), { delayMs: 40_000 });
    expect(queueTimers(clock.timerInstants(), sweepMs)).toEqual([30_000]);
    await app.queue.enqueue(probe('a'), { delayMs: 10_000 });
    expect(queueTimers(clock.timerInstants(), sweepMs)).toEqual([10_000]);
    expect(clock.pendingTimers()).toBe(2);

    await clock.advance(40_000);
    expect(probeLog).toEqual([
      { name: 'a', at: '2026-09-10T08:30:10.000Z' },
      { name: 'b', at: '2026-09-10T08:30:30.000Z' },
      { name: 'c', at: '2026-09-10T08:30:40.000Z' },
    ]);
  });

  it('a row 60 days out arms a timer clamped below 2^31-1 ms and still runs at its instant', async () => {
    const sweepMs = 7 * DAY + 123;
    const booted = await createTestApplication([probeContext], {
      file: dir.file('app.db'),
      queue: { sweepMs },
    });
    app = booted.app;
    const { clock } = booted;
    app.start();
    await app.queue.enqueue(probe('far'), { delayMs: 60 * DAY });
    const [first] = queueTimers(clock.timerInstants(), sweepMs);
    expect(first).toBe(MAX_TIMER_DELAY_MS);
    expect(first).toBeLessThan(2 ** 31 - 1);

    await clock.advance(60 * DAY - 1);
    expect(probeLog).toEqual([]);
    await clock.advance(1);
    expect(probeLog).toEqual([{ name: 'far', at: new Date(T0 + 60 * DAY).toISOString() }]);
  });

  it('the idle safety sweep finds a row another writer put in the file', async () => {
    // Deaf to other processes: on SQLite always; on PostgreSQL this stands for a lost
    // notification (the NOTIFY path has its own test in queue-notify.pg.spec.ts).
    const { wakeUps: _wakeUps, ...deaf } = await openTestDatabase({ file: dir.file('app.db') });
    const booted = await createTestApplication([probeContext], {
      database: deaf,
      queue: { sweepMs: 60_000 },
    });
    app = booted.app;
    const { clock } = booted;
    app.start();
    // Another process's enqueue: this queue never hears of it, only its sweep can find it.
    const other = await createTestApplication([probeContext], { file: dir.file('app.db'), clock });
    await other.app.queue.enqueue(probe('foreign'), { delayMs: 5_000 });
    expect(clock.timerInstants().map((d) => +d - T0)).toEqual([60_000]);
    await clock.advance(59_999);
    expect(probeLog).toEqual([]);
    await clock.advance(1);
    expect(probeLog).toEqual([{ name: 'foreign', at: '2026-09-10T08:31:00.000Z' }]);
    await other.app.stop();
  });

  it('after a forward wall-clock jump the sweep runs what the wall clock says is due, not waiting for the monotonic timer', async () => {
    const booted = await createTestApplication([probeContext], {
      file: dir.file('app.db'),
      queue: { sweepMs: 60_000 },
    });
    app = booted.app;
    const { clock } = booted;
    app.start();
    await clock.advance(0);
    await app.queue.enqueue(probe('meeting'), { delayMs: 50 * 60_000 });
    // The wall clock moves an hour ahead (NTP, a user fixing the time); Node's timer for the
    // row keeps its remaining 50 minutes. The row is 10 minutes overdue by the wall clock.
    clock.jumpWall(60 * 60_000);
    await clock.advance(60_000);
    expect(probeLog).toEqual([{ name: 'meeting', at: '2026-09-10T09:31:00.000Z' }]);
  });
});
