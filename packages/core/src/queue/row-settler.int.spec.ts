import { sql } from 'kysely';
import { UuidV7Generator } from '../clock/id-generator';
import { type ManualClock } from '../clock/manual-clock';
import { type Application } from '../context/application';
import { toIsoUtc } from '../domain';
import { silentLogger } from '../logger';
import { createTestApplication, REFERENCE_TIME } from '../testing';
import { QueueStore } from './queue-store';
import { QueueWriter } from './queue-writer';
import { type ScheduledCommandRow } from './queue.tables';
import { RowSettler } from './row-settler';

const T0 = Date.parse(REFERENCE_TIME);
let app: Application;
let clock: ManualClock;
let store: QueueStore;
let writer: QueueWriter;
let settler: RowSettler;
let armed: string[];

beforeEach(async () => {
  ({ app, clock } = await createTestApplication());
  store = new QueueStore(app.database.dialect);
  armed = [];
  const armAt = (ms: number): void => void armed.push(toIsoUtc(ms));
  writer = new QueueWriter(store, app.uow, clock, new UuidV7Generator(), 3, {
    announce: () => Promise.resolve(),
    armAt: () => undefined,
  });
  settler = new RowSettler(store, app.uow, clock, silentLogger, armAt, (error) =>
    String(error).includes('permanent'),
  );
});

afterEach(() => app.stop());

/** Claims every due row under `token`, as the runner does. */
async function hold(token = 'token-1'): Promise<ScheduledCommandRow[]> {
  return app.uow.run((tx) =>
    store.claim(
      tx.db,
      toIsoUtc(clock.now()),
      toIsoUtc(+clock.now() + 30_000),
      token,
      100,
      'instance-1',
    ),
  );
}

async function rows() {
  const { rows } = await sql<{
    key: string | null;
    status: string;
    run_at: string;
    attempts: number;
    last_error: string | null;
    runs: number;
    failed_runs: number;
  }>`select key, status, run_at, attempts, last_error, runs, failed_runs from shared_scheduled_commands order by run_at`.execute(
    app.database.kysely,
  );
  return rows;
}

describe('RowSettler', () => {
  it('a finished one-shot row is left for the batch to delete; a repeatable is re-armed', async () => {
    await writer.enqueue({ type: 'a', payload: {} });
    await writer.enqueue({ type: 'b', payload: {} }, { key: 'job:b', repeat: { every: '1m' } });
    const held = await hold();
    const results = [];
    for (const row of held) {
      results.push(await settler.succeeded(row, 'token-1'));
    }
    expect(results).toEqual(held.map((r) => r.key === null));
    expect((await rows()).map((r) => [r.key, r.status, r.run_at, r.runs])).toEqual([
      [null, 'running', toIsoUtc(T0 + 30_000), 0],
      ['job:b', 'pending', toIsoUtc(T0 + 60_000), 1],
    ]);
    expect(armed).toEqual([toIsoUtc(T0 + 60_000)]);
  });

  it('a throw is retried after the backoff while attempts remain, then the row fails with its error', async () => {
    await writer.enqueue({ type: 'a', payload: {} }, { backoff: { baseMs: 1_000, maxMs: 60_000 } });
    const [first] = await hold();
    await settler.threw(first as ScheduledCommandRow, 'token-1', new Error('boom'));
    expect(await rows()).toEqual([
      expect.objectContaining({
        status: 'pending',
        run_at: toIsoUtc(T0 + 1_000),
        attempts: 1,
        last_error: 'Error: boom',
      }),
    ]);
    await clock.advance(1_000);
    const [second] = await hold('token-2');
    await settler.threw(second as ScheduledCommandRow, 'token-2', new Error('permanent'));
    expect(await rows()).toEqual([
      expect.objectContaining({ status: 'failed', attempts: 2, last_error: 'Error: permanent' }),
    ]);
  });

  it('a failed run of a repeatable moves on to its next occurrence and is counted', async () => {
    await writer.enqueue({ type: 'b', payload: {} }, { key: 'job:b', repeat: { every: '1m' } });
    const [row] = await hold();
    await settler.fail(row as ScheduledCommandRow, 'token-1', new Error('bad run'));
    expect(await rows()).toEqual([
      expect.objectContaining({ status: 'pending', failed_runs: 1, last_error: 'Error: bad run' }),
    ]);
  });

  it('a held keyed row whose key was taken meanwhile merges into the pending row, keeping the earlier instant', async () => {
    await writer.enqueue({ type: 'w', payload: {} }, { key: 'wake' });
    const [held] = await hold();
    await writer.enqueue({ type: 'w', payload: {} }, { key: 'wake', delayMs: 60_000 });
    await settler.threw(held as ScheduledCommandRow, 'token-1', new Error('retry me'));
    expect((await rows()).map((r) => [r.key, r.status, r.run_at])).toEqual([
      ['wake', 'pending', toIsoUtc(T0 + 1_000)],
    ]);
  });

  it('changes nothing once the claim was lost to another claimer (fencing)', async () => {
    await writer.enqueue({ type: 'a', payload: {} });
    const [row] = await hold();
    await sql`update shared_scheduled_commands set lease_token = 'thief'`.execute(
      app.database.kysely,
    );
    await settler.threw(row as ScheduledCommandRow, 'token-1', new Error('late'));
    await settler.fail(row as ScheduledCommandRow, 'token-1', new Error('late'));
    expect(await rows()).toEqual([
      expect.objectContaining({ status: 'running', last_error: null }),
    ]);
    expect(armed).toEqual([]);
  });
});
