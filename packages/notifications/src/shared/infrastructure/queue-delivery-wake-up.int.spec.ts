import BetterSqlite3 from 'better-sqlite3';
import { type Application, type ManualClock } from '@tickler/core';
import { createTempDirectory, REFERENCE_TIME, type TempDirectory } from '@tickler/core/testing';
import { sql } from 'kysely';
import { createNotificationsTestApp, send } from '../../testing';
import { DELIVER_DUE_WAKE_UP_KEY } from './queue-delivery-wake-up';

const HOUR = 3_600_000;
const at = (ms: number): string => new Date(Date.parse(REFERENCE_TIME) + ms).toISOString();

let dir: TempDirectory;
let app: Application;
let clock: ManualClock;

beforeEach(async () => {
  dir = createTempDirectory();
  ({ app, clock } = await createNotificationsTestApp({ file: dir.file('app.db'), start: false }));
});

afterEach(async () => {
  await app.stop();
  dir.remove();
});

async function wakeUps(): Promise<{ status: string; run_at: string; updated_at: string }[]> {
  const { rows } = await sql<{ status: string; run_at: string; updated_at: string }>`
    select status, run_at, updated_at from shared_scheduled_commands where key = ${DELIVER_DUE_WAKE_UP_KEY} order by run_at`.execute(
    app.database.kysely,
  );
  return rows;
}

describe('the deliver-due wake-up (queue adapter)', () => {
  it('leaves the wake-up row untouched for a later instant and moves it for an earlier one', async () => {
    await send(app, { scheduledAt: at(2 * HOUR) });
    await clock.advance(1000);
    await send(app, { scheduledAt: at(3 * HOUR) });
    expect(await wakeUps()).toEqual([
      { status: 'pending', run_at: at(2 * HOUR), updated_at: at(0) },
    ]);
    await clock.advance(1000);
    await send(app, { scheduledAt: at(HOUR) });
    expect(await wakeUps()).toEqual([
      { status: 'pending', run_at: at(HOUR), updated_at: at(2000) },
    ]);
  });

  it('writes again once another connection has committed to the file (another process may have claimed the row)', async () => {
    await send(app, { scheduledAt: at(HOUR) });
    const other = new BetterSqlite3(dir.file('app.db'));
    other
      .prepare(`update shared_scheduled_commands set status = 'running' where key = ?`)
      .run(DELIVER_DUE_WAKE_UP_KEY);
    other.close();
    await send(app, { scheduledAt: at(4 * HOUR) });
    expect((await wakeUps()).map((w) => [w.status, w.run_at])).toEqual([
      ['running', at(HOUR)],
      ['pending', at(4 * HOUR)],
    ]);
  });

  it('forgets the pending wake-up when a deliver-due run starts, so the next later send still wakes it', async () => {
    app.start();
    await send(app, { scheduledAt: at(HOUR) });
    await clock.advance(HOUR);
    expect(await wakeUps()).toEqual([]); // ran, nothing else due: no wake-up left
    const later = await send(app, { scheduledAt: at(2 * HOUR) });
    expect((await wakeUps()).map((w) => [w.status, w.run_at])).toEqual([['pending', at(2 * HOUR)]]);
    await clock.advance(HOUR);
    const { rows } = await sql<{
      status: string;
    }>`select status from notification_deliveries where id = ${later.delivery.id}`.execute(
      app.database.kysely,
    );
    expect(rows).toEqual([{ status: 'sent' }]);
  });

  it('writes once per transaction for many sends whose instants are not earlier', async () => {
    await app.uow.run(async () => {
      for (let i = 0; i < 20; i++) {
        await send(app, { scheduledAt: at(HOUR + i * 1000) });
      }
      await send(app, { scheduledAt: at(HOUR - 1000) });
    });
    expect((await wakeUps()).map((w) => w.run_at)).toEqual([at(HOUR - 1000)]);
  });
});
