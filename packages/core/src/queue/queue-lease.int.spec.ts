import { sql } from 'kysely';
import {
  closeGate,
  probe,
  probeContext,
  probeLog,
  resetProbe,
} from '../../test/fixtures/probe-context';
import { type Application } from '../context/application';
import { type ManualClock } from '../clock/manual-clock';
import {
  REFERENCE_TIME,
  createTempDirectory,
  createTestApplication,
  type TempDirectory,
} from '../testing';
import { toIsoUtc } from '../domain';

const T0 = Date.parse(REFERENCE_TIME);
let dir: TempDirectory;
let app: Application;
let clock: ManualClock;

interface Row {
  id: string;
  status: string;
  lease_token: string | null;
  attempts: number;
  run_at: string;
  last_error: string | null;
}

beforeEach(async () => {
  resetProbe();
  dir = createTempDirectory();
  ({ app, clock } = await createTestApplication([probeContext], {
    file: dir.file('app.db'),
    queue: { leaseMs: 30_000, sweepMs: 3_600_000 },
  }));
});

afterEach(async () => {
  await app.stop();
  dir.remove();
});

async function rows(): Promise<Row[]> {
  const result =
    await sql<Row>`select id, status, lease_token, attempts, run_at, last_error from shared_scheduled_commands order by id`.execute(
      app.database.kysely,
    );
  return result.rows;
}

/** Claims every live row the way a process that then dies would: running, its token, a lease. */
async function claimAsDeadProcess(leaseUntilMs: number): Promise<void> {
  await sql`update shared_scheduled_commands set status = 'running', lease_token = 'dead-process', attempts = attempts + 1, run_at = ${toIsoUtc(leaseUntilMs)} where status = 'pending'`.execute(
    app.database.kysely,
  );
}

describe('leases', () => {
  it('rows held by a dead process are recovered once their lease expires, not before', async () => {
    await app.queue.enqueue(probe('a'));
    await app.queue.enqueue(probe('b'));
    await claimAsDeadProcess(T0 + 30_000);
    app.start();
    await clock.advance(0);
    expect(probeLog).toEqual([]);
    // The one timer sits on the lease expiry, not on a poll.
    expect(clock.timerInstants().map((d) => +d - T0)).toEqual([30_000, 3_600_000]);
    await clock.advance(29_999);
    expect(probeLog).toEqual([]);
    await clock.advance(1);
    expect(probeLog.map((p) => [p.name, p.at])).toEqual([
      ['a', '2026-09-10T08:30:30.000Z'],
      ['b', '2026-09-10T08:30:30.000Z'],
    ]);
    expect(await rows()).toEqual([]);
  });

  it('a row whose last allowed claim was abandoned fails instead of running again', async () => {
    await app.queue.enqueue(probe('once'), { maxAttempts: 1 });
    await claimAsDeadProcess(T0 + 30_000);
    app.start();
    await clock.advance(30_000);
    expect(probeLog).toEqual([]);
    expect(await rows()).toEqual([
      expect.objectContaining({
        status: 'failed',
        lease_token: null,
        attempts: 2,
        last_error: expect.stringContaining('abandoned') as string,
      }),
    ]);
  });

  it('fencing: a handler that lost its lease cannot complete the row another claimer holds', async () => {
    const gate = closeGate();
    await app.queue.enqueue(probe('slow'));
    app.start();
    const moving = clock.advance(0);
    await gate.entered;
    const [held] = await rows();
    expect(held).toMatchObject({ status: 'running', attempts: 1 });
    // Meanwhile the lease "expired" and another process re-claimed the row under its token.
    await sql`update shared_scheduled_commands set lease_token = 'thief', run_at = ${toIsoUtc(T0 + 60_000)} where id = ${held?.id}`.execute(
      app.database.kysely,
    );
    gate.open();
    await moving;
    expect(probeLog.map((p) => p.name)).toEqual(['slow']);
    expect(await rows()).toEqual([
      { ...held, lease_token: 'thief', run_at: toIsoUtc(T0 + 60_000) },
    ]);
  });

  it("the heartbeat keeps a long handler's lease ahead of expiry", async () => {
    const gate = closeGate();
    await app.queue.enqueue(probe('long'));
    app.start();
    const moving = clock.advance(0);
    await gate.entered;
    // advance() waits for the queue, which waits for this held handler; so move time by hand
    // and fire the heartbeat timers (every lease third) without settling.
    let beats = 0;
    for (let i = 1; i <= 6; i++) {
      clock.set(T0 + i * 10_000);
      beats += clock.fireDueWithoutSettling();
      // The beat's UPDATE is in flight (a network round trip on PostgreSQL): wait until it
      // committed before the next one, so beats never overtake each other.
      const extended = toIsoUtc(T0 + i * 10_000 + 30_000);
      while ((await rows())[0]?.run_at !== extended) {
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    }
    expect(beats).toBe(6);
    const [held] = await rows();
    expect(held?.status).toBe('running');
    expect(held?.run_at).toBe(toIsoUtc(T0 + 60_000 + 30_000));
    gate.open();
    await moving;
    expect(await rows()).toEqual([]);
  });

  it('stop({ deadlineMs }) releases in-flight rows back to pending, due now, attempt not counted', async () => {
    const gate = closeGate();
    await app.queue.enqueue(probe('x'));
    await app.queue.enqueue(probe('y'));
    app.start();
    const moving = clock.advance(0);
    await gate.entered;
    expect((await rows()).map((r) => r.status)).toEqual(['running', 'running']);
    await app.queue.stop({ deadlineMs: 10 });
    expect(await rows()).toEqual([
      expect.objectContaining({
        status: 'pending',
        lease_token: null,
        attempts: 0,
        run_at: REFERENCE_TIME,
      }),
      expect.objectContaining({
        status: 'pending',
        lease_token: null,
        attempts: 0,
        run_at: REFERENCE_TIME,
      }),
    ]);
    // The abandoned handlers finish later; their completion is fenced off.
    gate.open();
    await moving;
    expect((await rows()).map((r) => r.status)).toEqual(['pending', 'pending']);
    // The next start runs them (at least once: a released row may run again).
    app.start();
    await clock.advance(0);
    expect(await rows()).toEqual([]);
  });

  it('stop waits for in-flight handlers that finish before the deadline', async () => {
    const gate = closeGate();
    await app.queue.enqueue(probe('quick'));
    app.start();
    const moving = clock.advance(0);
    await gate.entered;
    const stopping = app.queue.stop({ deadlineMs: 60_000 });
    gate.open();
    await stopping;
    await moving;
    expect(probeLog.map((p) => p.name)).toEqual(['quick']);
    expect(await rows()).toEqual([]);
  });
});

describe('stats()', () => {
  it('counts rows per state and reports the earliest due instant and its lateness', async () => {
    expect(await app.queue.stats()).toEqual({
      pending: 0,
      running: 0,
      failed: 0,
      oldestLatenessMs: 0,
    });
    await app.queue.enqueue(probe('late'), { runAt: new Date(T0 - 5_000) });
    await app.queue.enqueue(probe('soon'), { delayMs: 10_000 });
    await app.queue.enqueue(probe('held'), { delayMs: 20_000 });
    await app.queue.enqueue(probe('broken'), { delayMs: 30_000 });
    await sql`update shared_scheduled_commands set status = 'running', lease_token = 't' where payload like '%held%'`.execute(
      app.database.kysely,
    );
    await sql`update shared_scheduled_commands set status = 'failed' where payload like '%broken%'`.execute(
      app.database.kysely,
    );
    expect(await app.queue.stats()).toEqual({
      pending: 2,
      running: 1,
      failed: 1,
      earliestDue: '2026-09-10T08:29:55.000Z',
      oldestLatenessMs: 5_000,
    });
  });
});
