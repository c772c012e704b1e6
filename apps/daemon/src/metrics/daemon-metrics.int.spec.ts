import perfHooks from 'node:perf_hooks';
import { createTestApplication } from '@tickler/core/testing';
import { DaemonMetrics, EVENT_LOOP_SAMPLE_MS } from './daemon-metrics';

describe('DaemonMetrics', () => {
  it('samples event-loop delay once a second, not every 10 ms (an idle sidecar must sleep)', async () => {
    const monitor = jest.spyOn(perfHooks, 'monitorEventLoopDelay');
    const { app } = await createTestApplication([]);
    const metrics = new DaemonMetrics(app, () => Promise.resolve({}));
    try {
      expect(monitor.mock.calls.map(([options]) => options?.resolution)).toEqual([
        EVENT_LOOP_SAMPLE_MS,
      ]);
      expect(EVENT_LOOP_SAMPLE_MS).toBeGreaterThanOrEqual(1_000);
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
