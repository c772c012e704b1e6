import { WatchTicker } from './watch-ticker';

describe('WatchTicker', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('holds no timer while nothing is watched', () => {
    const ticker = new WatchTicker(2_000);
    expect(ticker.armed).toBe(false);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('runs every check on one timer each period, and disarms when the last is removed', () => {
    const ticker = new WatchTicker(2_000);
    const seen: string[] = [];
    const removeA = ticker.add(() => seen.push('a'));
    const removeB = ticker.add(() => seen.push('b'));
    expect(jest.getTimerCount()).toBe(1);
    jest.advanceTimersByTime(1_999);
    expect(seen).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(seen).toEqual(['a', 'b']);
    jest.advanceTimersByTime(2_000);
    expect(seen).toEqual(['a', 'b', 'a', 'b']);
    removeA();
    jest.advanceTimersByTime(2_000);
    expect(seen).toEqual(['a', 'b', 'a', 'b', 'b']);
    removeB();
    expect(ticker.armed).toBe(false);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('lets a check remove itself while it runs', () => {
    const ticker = new WatchTicker(500);
    let runs = 0;
    const remove = ticker.add(() => {
      runs++;
      remove();
    });
    jest.advanceTimersByTime(5_000);
    expect(runs).toBe(1);
    expect(ticker.armed).toBe(false);
    expect(jest.getTimerCount()).toBe(0);
  });
});
