import { sql } from 'kysely';
import { UuidV7Generator } from '../clock/id-generator';
import { type ManualClock } from '../clock/manual-clock';
import { type Application } from '../context/application';
import { toIsoUtc } from '../domain';
import { silentLogger } from '../logger';
import { createTestApplication, REFERENCE_TIME } from '../testing';
import { BatchRunner } from './batch-runner';
import { LeaseHeartbeat } from './lease-heartbeat';
import { type QueueExecutor } from './queue-options';
import { QueueStore } from './queue-store';
import { QueueWriter } from './queue-writer';
import { RowSettler } from './row-settler';

const T0 = Date.parse(REFERENCE_TIME);
let app: Application;
let clock: ManualClock;
let store: QueueStore;
let writer: QueueWriter;
let stopping: boolean;

beforeEach(async () => {
  ({ app, clock } = await createTestApplication());
  store = new QueueStore(app.database.dialect);
  stopping = false;
  writer = new QueueWriter(store, app.uow, clock, new UuidV7Generator(), 3, {
    announce: () => Promise.resolve(),
    armAt: () => undefined,
  });
});

afterEach(() => app.stop());

function runner(execute: QueueExecutor, limits = { batchSize: 10, concurrency: 2 }): BatchRunner {
  const settler = new RowSettler(
    store,
    app.uow,
    clock,
    silentLogger,
    () => undefined,
    () => false,
  );
  return new BatchRunner(
    store,
    app.uow,
    clock,
    new UuidV7Generator(),
    'instance-1',
    { ...limits, leaseMs: 30_000 },
    new LeaseHeartbeat(store, app.uow, clock, 30_000, silentLogger),
    settler,
    execute,
    () => stopping,
    () => undefined,
    silentLogger,
  );
}

async function statuses(): Promise<string[]> {
  const { rows } = await sql<{
    command_type: string;
    status: string;
  }>`select command_type, status from shared_scheduled_commands order by command_type`.execute(
    app.database.kysely,
  );
  return rows.map((r) => `${r.command_type}:${r.status}`);
}

describe('BatchRunner', () => {
  it('runs a batch with at most `concurrency` handlers at once and deletes the finished rows', async () => {
    for (let i = 0; i < 6; i++) {
      await writer.enqueue({ type: `c${i}`, payload: {} });
    }
    let inFlight = 0;
    let most = 0;
    const ran: string[] = [];
    const claimed = await runner(async (type) => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise<void>((resolve) => setImmediate(resolve));
      ran.push(type);
      inFlight--;
    }).runBatch();
    expect(claimed).toBe(6);
    expect(most).toBe(2);
    expect(ran.sort()).toEqual(['c0', 'c1', 'c2', 'c3', 'c4', 'c5']);
    expect(await statuses()).toEqual([]);
  });

  it('claims at most a batch and only what is due', async () => {
    for (let i = 0; i < 5; i++) {
      await writer.enqueue({ type: `now${i}`, payload: {} });
    }
    await writer.enqueue({ type: 'later', payload: {} }, { delayMs: 1_000 });
    const ran: string[] = [];
    const run = runner((type) => Promise.resolve(ran.push(type)), { batchSize: 3, concurrency: 1 });
    expect(await run.runBatch()).toBe(3);
    expect(await run.runBatch()).toBe(2);
    expect(await run.runBatch()).toBe(0);
    expect(await statuses()).toEqual(['later:pending']);
  });

  it('fails a row whose last allowed claim was abandoned, without running it', async () => {
    await writer.enqueue({ type: 'orphan', payload: {} }, { maxAttempts: 1 });
    await sql`update shared_scheduled_commands set status = 'running', attempts = 1, lease_token = 'dead', run_at = ${toIsoUtc(T0)}`.execute(
      app.database.kysely,
    );
    const ran: string[] = [];
    await runner((type) => Promise.resolve(ran.push(type))).runBatch();
    expect(ran).toEqual([]);
    expect(await statuses()).toEqual(['orphan:failed']);
  });

  it('runs a registered job inside its claim transaction and re-arms it there', async () => {
    await writer.enqueue({ type: 'job', payload: {} }, { key: 'job:x', repeat: { every: '1m' } });
    const openDuringRun: boolean[] = [];
    const inClaim = runner(() =>
      Promise.resolve(openDuringRun.push(app.uow.active() !== undefined)),
    );
    inClaim.runInClaimTransaction('job:x');
    expect(await inClaim.runBatch()).toBe(1);
    expect(openDuringRun).toEqual([true]);
    const { rows } = await sql<{
      status: string;
      run_at: string;
      runs: number;
    }>`select status, run_at, runs from shared_scheduled_commands`.execute(app.database.kysely);
    expect(rows).toEqual([{ status: 'pending', run_at: toIsoUtc(T0 + 60_000), runs: 1 }]);
    expect(inClaim.held.size).toBe(0);
  });

  it('tells whoever asked when it claims the row under a key (inside the claim), and nobody else', async () => {
    await writer.enqueue({ type: 'wake', payload: {} }, { key: 'wake' });
    await writer.enqueue({ type: 'other', payload: {} }, { key: 'other' });
    const heard: boolean[] = [];
    const run = runner(() => Promise.resolve());
    run.onClaimed('wake', () => heard.push(app.uow.active() !== undefined));
    run.onClaimed('nobody', () => heard.push(false));
    await run.runBatch();
    expect(heard).toEqual([true]);
  });

  it('while stopping starts no further handler and keeps the batch’s token for release', async () => {
    for (let i = 0; i < 3; i++) {
      await writer.enqueue({ type: `s${i}`, payload: {} });
    }
    const ran: string[] = [];
    const run = runner(
      (type) => {
        ran.push(type);
        stopping = true;
        return Promise.resolve();
      },
      { batchSize: 10, concurrency: 1 },
    );
    await run.runBatch();
    expect(ran).toHaveLength(1);
    expect(run.held.size).toBe(1);
    expect((await statuses()).filter((s) => s.endsWith(':running'))).toHaveLength(2);
  });
});
