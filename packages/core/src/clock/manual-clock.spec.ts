import { MAX_TIMER_DELAY_MS } from './clock';
import { ManualClock } from './manual-clock';

const START = '2026-09-10T08:30:00.000Z';

describe('ManualClock', () => {
  it('stands still until told to move', () => {
    const clock = new ManualClock(START);
    expect(clock.now().toISOString()).toBe(START);
    expect(clock.now().toISOString()).toBe(START);
  });

  it('advance fires due timers in instant order, each at its own instant', async () => {
    const clock = new ManualClock(START);
    const fired: [string, number][] = [];
    const at = (name: string) => () => fired.push([name, +clock.now() - Date.parse(START)]);
    clock.setTimer(at('c'), 300);
    clock.setTimer(at('a'), 100);
    clock.setTimer(at('b'), 200);
    clock.setTimer(at('a2'), 100);
    clock.setTimer(at('late'), 1_000);
    await clock.advance(300);
    expect(fired).toEqual([
      ['a', 100],
      ['a2', 100],
      ['b', 200],
      ['c', 300],
    ]);
    expect(+clock.now() - Date.parse(START)).toBe(300);
    expect(clock.pendingTimers()).toBe(1);
  });

  it('fires a timer armed by another timer within the same advance', async () => {
    const clock = new ManualClock(START);
    const fired: number[] = [];
    clock.setTimer(() => {
      fired.push(+clock.now());
      clock.setTimer(() => fired.push(+clock.now()), 50);
    }, 100);
    await clock.advance(1_000);
    expect(fired.map((ms) => ms - Date.parse(START))).toEqual([100, 150]);
  });

  it('does not fire a cleared timer', async () => {
    const clock = new ManualClock(START);
    let fired = false;
    const handle = clock.setTimer(() => {
      fired = true;
    }, 10);
    clock.clearTimer(handle);
    await clock.advance(100);
    expect(fired).toBe(false);
  });

  it('set moves time backwards without firing, and timers keep their absolute instants', async () => {
    const clock = new ManualClock(START);
    const fired: string[] = [];
    clock.setTimer(() => fired.push(clock.now().toISOString()), 60_000);
    clock.set('2026-09-10T08:00:00.000Z');
    expect(clock.now().toISOString()).toBe('2026-09-10T08:00:00.000Z');
    await clock.advance(30 * 60_000);
    expect(fired).toEqual([]);
    await clock.advance(60_000);
    expect(fired).toEqual(['2026-09-10T08:31:00.000Z']);
  });

  it('set forwards fires nothing until runDue, which fires what is due at the new instant', async () => {
    const clock = new ManualClock(START);
    const fired: string[] = [];
    clock.setTimer(() => fired.push('due'), 1_000);
    clock.setTimer(() => fired.push('future'), 10 * 60_000);
    clock.set(Date.parse(START) + 5_000);
    expect(fired).toEqual([]);
    await clock.runDue();
    expect(fired).toEqual(['due']);
    expect(clock.now().toISOString()).toBe('2026-09-10T08:30:05.000Z');
  });

  it('clamps delays like Node does not: below 2^31-1 ms, never negative', () => {
    const clock = new ManualClock(START);
    clock.setTimer(() => undefined, 60 * 86_400_000);
    clock.setTimer(() => undefined, -5);
    const [soon, far] = clock.timerInstants().map((d) => +d - Date.parse(START));
    expect(soon).toBe(0);
    expect(far).toBe(MAX_TIMER_DELAY_MS);
  });

  it('waits for registered settlers after each timer', async () => {
    const clock = new ManualClock(START);
    const log: string[] = [];
    let work: Promise<void> = Promise.resolve();
    clock.addSettler(() => work);
    clock.setTimer(() => {
      work = (async () => {
        for (let i = 0; i < 10; i++) {
          await new Promise<void>((resolve) => setImmediate(resolve));
        }
        log.push('work done');
      })();
    }, 10);
    clock.setTimer(() => log.push('second timer'), 20);
    await clock.advance(20);
    expect(log).toEqual(['work done', 'second timer']);
  });

  it('jumpWall moves the wall clock but keeps each timer’s remaining delay (monotonic timers)', async () => {
    const clock = new ManualClock(START);
    const fired: string[] = [];
    clock.setTimer(() => fired.push(clock.now().toISOString()), 50_000);
    clock.jumpWall(3_600_000);
    expect(clock.now().getTime() - Date.parse(START)).toBe(3_600_000);
    await clock.advance(49_999);
    expect(fired).toEqual([]);
    await clock.advance(1);
    expect(fired).toEqual([new Date(Date.parse(START) + 3_650_000).toISOString()]);
  });
});
