import { UuidV7Generator } from '../clock/id-generator';
import { createTestApplication } from '../testing';
import { readQueueStats } from './queue-stats';
import { QueueStore } from './queue-store';
import { QueueWriter } from './queue-writer';

describe('readQueueStats', () => {
  it('reports nothing overdue while the earliest pending row is in the future, then its lateness', async () => {
    const { app, clock } = await createTestApplication();
    const store = new QueueStore(app.database.dialect);
    const writer = new QueueWriter(store, app.uow, clock, new UuidV7Generator(), 3, {
      announce: () => Promise.resolve(),
      armAt: () => undefined,
    });
    await writer.enqueue({ type: 'a', payload: {} }, { delayMs: 2_000 });
    await writer.enqueue({ type: 'b', payload: {} }, { delayMs: 9_000 });
    expect(await readQueueStats(app.database.kysely, clock)).toEqual({
      pending: 2,
      running: 0,
      failed: 0,
      earliestDue: '2026-09-10T08:30:02.000Z',
      oldestLatenessMs: 0,
    });
    clock.set('2026-09-10T08:30:05.500Z');
    expect((await readQueueStats(app.database.kysely, clock)).oldestLatenessMs).toBe(3_500);
    await app.stop();
  });
});
