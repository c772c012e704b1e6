import { MAX_TIMER_DELAY_MS } from '../clock/clock';
import { ManualClock } from '../clock/manual-clock';
import { WakeTimer } from './wake-timer';

const T0 = Date.parse('2026-09-10T08:30:00.000Z');

describe('WakeTimer', () => {
  it('keeps one timer: an earlier instant re-arms it, a later one leaves it alone', () => {
    const clock = new ManualClock(T0);
    const timer = new WakeTimer(clock, () => undefined);
    timer.armAt(T0 + 30_000);
    timer.armAt(T0 + 40_000);
    expect(clock.timerInstants().map((d) => +d - T0)).toEqual([30_000]);
    timer.armAt(T0 + 10_000);
    expect(clock.timerInstants().map((d) => +d - T0)).toEqual([10_000]);
    expect(timer.armedAtMs).toBe(T0 + 10_000);
  });

  it('fires once at its instant and is then unarmed, so any instant arms it again', async () => {
    const clock = new ManualClock(T0);
    const fired: number[] = [];
    const timer = new WakeTimer(clock, () => fired.push(+clock.now() - T0));
    timer.armAt(T0 + 5_000);
    await clock.advance(4_999);
    expect(fired).toEqual([]);
    await clock.advance(1);
    expect(fired).toEqual([5_000]);
    expect(timer.armedAtMs).toBe(Number.POSITIVE_INFINITY);
    timer.armAt(T0 + 60_000);
    expect(clock.pendingTimers()).toBe(1);
  });

  it('clear disarms it; an instant in the past fires at once', async () => {
    const clock = new ManualClock(T0);
    let fired = 0;
    const timer = new WakeTimer(clock, () => fired++);
    timer.armAt(T0 + 1_000);
    timer.clear();
    expect(clock.pendingTimers()).toBe(0);
    await clock.advance(2_000);
    expect(fired).toBe(0);
    timer.armAt(T0);
    await clock.advance(0);
    expect(fired).toBe(1);
  });

  it('an instant 60 days out is armed clamped below 2^31-1 ms', () => {
    const clock = new ManualClock(T0);
    new WakeTimer(clock, () => undefined).armAt(T0 + 60 * 86_400_000);
    expect(clock.timerInstants().map((d) => +d - T0)).toEqual([MAX_TIMER_DELAY_MS]);
  });
});
