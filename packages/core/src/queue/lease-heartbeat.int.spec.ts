import { sql } from 'kysely';
import { UuidV7Generator } from '../clock/id-generator';
import { toIsoUtc } from '../domain';
import { silentLogger } from '../logger';
import { createTestApplication, REFERENCE_TIME } from '../testing';
import { LeaseHeartbeat } from './lease-heartbeat';
import { QueueStore } from './queue-store';
import { QueueWriter } from './queue-writer';

const T0 = Date.parse(REFERENCE_TIME);

describe('LeaseHeartbeat', () => {
  it('extends the lease every third of it while beating, and never after it stopped', async () => {
    const { app, clock } = await createTestApplication();
    const store = new QueueStore(app.database.dialect);
    const writer = new QueueWriter(store, app.uow, clock, new UuidV7Generator(), 3, {
      announce: () => Promise.resolve(),
      armAt: () => undefined,
    });
    await writer.enqueue({ type: 'long', payload: {} });
    await app.uow.run((tx) =>
      store.claim(tx.db, toIsoUtc(T0), toIsoUtc(T0 + 30_000), 'beating', 10, 'instance-1'),
    );
    const leaseUntil = async (): Promise<string | undefined> =>
      (
        await sql<{
          run_at: string;
        }>`select run_at from shared_scheduled_commands`.execute(app.database.kysely)
      ).rows[0]?.run_at;

    const stop = new LeaseHeartbeat(store, app.uow, clock, 30_000, silentLogger).keepAlive(
      'beating',
    );
    for (let beat = 1; beat <= 3; beat++) {
      await clock.advance(10_000);
      // The beat's UPDATE runs after its timer; wait until it committed.
      while ((await leaseUntil()) !== toIsoUtc(T0 + beat * 10_000 + 30_000)) {
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    }
    stop();
    expect(clock.pendingTimers()).toBe(0);
    await clock.advance(60_000);
    expect(await leaseUntil()).toBe(toIsoUtc(T0 + 60_000));
    await app.stop();
  });
});
