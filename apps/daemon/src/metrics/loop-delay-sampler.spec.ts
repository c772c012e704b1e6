import { LoopDelaySampler } from './loop-delay-sampler';

describe('LoopDelaySampler', () => {
  beforeEach(() => jest.useFakeTimers({ now: 0 }));
  afterEach(() => jest.useRealTimers());

  it('holds no timer until started, and none once stopped', () => {
    const sampler = new LoopDelaySampler(1_000);
    expect(jest.getTimerCount()).toBe(0);
    sampler.start();
    sampler.start();
    expect(jest.getTimerCount()).toBe(1);
    sampler.stop();
    expect(jest.getTimerCount()).toBe(0);
    expect(sampler.sampling).toBe(false);
  });

  it('records each interval between samples, and never the pause between stop and start', () => {
    const sampler = new LoopDelaySampler(1_000);
    const view = sampler.monitorView();
    sampler.start();
    jest.advanceTimersByTime(3_000);
    sampler.stop();
    jest.advanceTimersByTime(60_000);
    sampler.start();
    jest.advanceTimersByTime(2_000);
    // Exact to the histogram's precision (three significant digits): one second, not 61.
    expect(view.min).toBeGreaterThan(0.99e9);
    expect(view.max).toBeLessThan(1.01e9);
    expect(view.percentile(99)).toBeLessThan(1.01e9);
    view.reset();
    expect(view.max).toBe(0);
    sampler.stop();
  });
});
