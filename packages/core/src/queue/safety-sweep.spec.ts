import { ManualClock } from '../clock/manual-clock';
import { SafetySweep, TIMER_FIRING_GRACE_MS } from './safety-sweep';

const T0 = Date.parse('2026-09-10T08:30:00.000Z');
const MINUTE = 60_000;

function sweepWith(timerAtMs = () => Number.POSITIVE_INFINITY) {
  const clock = new ManualClock(T0);
  const sweeps: number[] = [];
  const sweep = new SafetySweep(clock, MINUTE, timerAtMs, () => sweeps.push(+clock.now() - T0));
  return { clock, sweep, sweeps };
}

describe('SafetySweep', () => {
  it('looks once per period when nothing else reads the table', async () => {
    const { clock, sweep, sweeps } = sweepWith();
    sweep.arm();
    await clock.advance(3 * MINUTE);
    expect(sweeps).toEqual([MINUTE, 2 * MINUTE, 3 * MINUTE]);
  });

  it('is postponed to a period after the last look, so an idle queue reads once a period', async () => {
    const { clock, sweep, sweeps } = sweepWith();
    sweep.arm();
    await clock.advance(45_000);
    sweep.looked(); // a cycle read the next instant at +45 s
    await clock.advance(MINUTE - 1);
    expect(sweeps).toEqual([]);
    await clock.advance(1);
    expect(sweeps).toEqual([105_000]);
  });

  it("looks again a moment later when the queue's own timer fires at the sweep's instant", async () => {
    let timerAtMs = T0 + MINUTE;
    const { clock, sweep, sweeps } = sweepWith(() => timerAtMs);
    sweep.arm();
    await clock.advance(MINUTE);
    expect(sweeps).toEqual([]);
    expect(clock.timerInstants().map((d) => +d - T0)).toEqual([MINUTE + TIMER_FIRING_GRACE_MS]);
    timerAtMs = Number.POSITIVE_INFINITY; // the timer never made its cycle's read
    await clock.advance(TIMER_FIRING_GRACE_MS);
    expect(sweeps).toEqual([MINUTE + TIMER_FIRING_GRACE_MS]);
  });

  it('does not wait for a timer long overdue by the wall clock (after a forward jump)', async () => {
    const { clock, sweep, sweeps } = sweepWith(() => T0 + 10_000);
    sweep.arm();
    clock.jumpWall(3_600_000);
    await clock.advance(MINUTE);
    expect(sweeps).toEqual([3_600_000 + MINUTE]);
  });

  it('sweeps at once when the clock went backwards since the last look', async () => {
    const { clock, sweep, sweeps } = sweepWith();
    sweep.looked();
    clock.set(T0 - 3_600_000);
    sweep.arm(0);
    await clock.advance(0);
    expect(sweeps).toEqual([-3_600_000]);
  });

  it('cancel stops it', async () => {
    const { clock, sweep, sweeps } = sweepWith();
    sweep.arm();
    sweep.cancel();
    await clock.advance(5 * MINUTE);
    expect(sweeps).toEqual([]);
    expect(clock.pendingTimers()).toBe(0);
  });
});
