import perfHooks from 'node:perf_hooks';
import { createTestApplication } from '@tickler/core/testing';
import { DaemonMetrics, EVENT_LOOP_SAMPLE_MS } from './daemon-metrics';

describe('DaemonMetrics', () => {
  it('samples event-loop delay once a second, only while asked to (an idle sidecar must sleep)', async () => {
    const monitor = jest.spyOn(perfHooks, 'monitorEventLoopDelay');
    const { app } = await createTestApplication([]);
    const metrics = new DaemonMetrics(app, () => Promise.resolve({}));
    try {
      // No native monitor: its libuv timer would run from start to exit.
      expect(monitor).not.toHaveBeenCalled();
      expect(EVENT_LOOP_SAMPLE_MS).toBeGreaterThanOrEqual(1_000);
      expect(metrics.loopDelay.sampling).toBe(false);
      metrics.sampleEventLoop(true);
      expect(metrics.loopDelay.sampling).toBe(true);
      metrics.sampleEventLoop(false);
      expect(metrics.loopDelay.sampling).toBe(false);
      metrics.sampleEventLoop(true);
      metrics.close();
      expect(metrics.loopDelay.sampling).toBe(false);
      expect(await metrics.registry.metrics()).toContain(
        'tickler_nodejs_eventloop_lag_p99_seconds',
      );
    } finally {
      metrics.close();
      monitor.mockRestore();
      await app.stop();
    }
  });
});
