import { sql } from 'kysely';
import {
  closeGate,
  probe,
  probeContext,
  probeLog,
  resetProbe,
} from '../../test/fixtures/probe-context';
import { type ManualClock } from '../clock/manual-clock';
import { type Application } from '../context/application';
import { type Database } from '../database/database';
import { toIsoUtc } from '../domain';
import { silentLogger } from '../logger';
import {
  createTempDirectory,
  createTestApplication,
  openTestDatabase,
  REFERENCE_TIME,
  type TempDirectory,
} from '../testing';
import { type InstanceLock } from './instance-lock';

const T0 = Date.parse(REFERENCE_TIME);
const SWEEP_MS = 3_600_000;
let dir: TempDirectory;
let app: Application;
let clock: ManualClock;
const others: Database[] = [];

beforeEach(async () => {
  resetProbe();
  dir = createTempDirectory();
  ({ app, clock } = await createTestApplication([probeContext], {
    file: dir.file('app.db'),
    queue: { leaseMs: 30_000, sweepMs: SWEEP_MS, instanceWatchMs: 1_000 },
  }));
});

afterEach(async () => {
  await app.stop();
  for (const database of others.splice(0)) {
    await database.close();
  }
  dir.remove();
});

/** Another instance on the same database, holding its lock (it never runs a queue). */
async function otherInstance(id: string): Promise<InstanceLock> {
  const database = await openTestDatabase({ file: dir.file('app.db') });
  others.push(database);
  return database.lockInstance(id, silentLogger);
}

/** Every pending row becomes a claim of `instance` with a lease until T0 + 30 s. */
async function claimAs(instance: string): Promise<void> {
  await sql`update shared_scheduled_commands set status = 'running', lease_token = 'their-token', claimed_by = ${instance}, attempts = attempts + 1, run_at = ${toIsoUtc(T0 + 30_000)} where status = 'pending'`.execute(
    app.database.kysely,
  );
}

const ran = (): [string, number][] => probeLog.map((p) => [p.name, Date.parse(p.at) - T0]);

describe('claims of other instances (ADR 0004)', () => {
  it('a dead instance’s claims run at start, not at their lease expiry', async () => {
    await app.queue.enqueue(probe('a'));
    await app.queue.enqueue(probe('b'));
    await claimAs('gone-1');
    app.start();
    await clock.advance(0);
    expect(ran()).toEqual([
      ['a', 0],
      ['b', 0],
    ]);
  });

  it('a live instance’s claims are left alone until their lease expires (a stuck owner)', async () => {
    await otherInstance('alive-1');
    await app.queue.enqueue(probe('a'));
    await claimAs('alive-1');
    app.start();
    await clock.advance(29_999);
    expect(ran()).toEqual([]);
    await clock.advance(1);
    expect(ran()).toEqual([['a', 30_000]]);
  });

  it('the watchdog takes over within one look when a live instance dies', async () => {
    const other = await otherInstance('alive-2');
    await app.queue.enqueue(probe('a'));
    await claimAs('alive-2');
    app.start();
    await clock.advance(5_000);
    expect(ran()).toEqual([]);
    await other.release(); // what the kernel does when its process dies
    await clock.advance(1_000);
    // Within one idle-pace look (the looks' phase depends on how long start kept it busy).
    expect(ran()).toEqual([['a', expect.any(Number)]]);
    expect(ran()[0]?.[1]).toBeGreaterThan(5_000);
  });

  it('looks at the busy pace (200 ms) while this instance is working', async () => {
    const other = await otherInstance('alive-3');
    await app.queue.enqueue(probe('a'));
    await claimAs('alive-3');
    await app.queue.enqueue(probe('busy'));
    const gate = closeGate();
    app.start();
    const moving = clock.advance(0);
    await gate.entered; // a batch is in flight: this instance is working
    // The look at start arms the next one when its read returns (a round trip on PostgreSQL);
    // at the idle pace it would be armed for +1 s.
    const armedAt200 = () => clock.timerInstants().some((d) => +d - T0 === 200);
    for (let turn = 0; turn < 100_000 && !armedAt200(); turn++) {
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    expect(clock.timerInstants().map((d) => +d - T0)).toContain(200);
    await other.release(); // what the kernel does when its process dies
    // advance() waits for the queue, held by the gate: move time by hand and fire what is due.
    clock.set(T0 + 200);
    expect(clock.fireDueWithoutSettling()).toBe(1);
    const leaseOf = async () =>
      (
        await sql<{ run_at: string }>`
          select run_at from shared_scheduled_commands where claimed_by = 'alive-3'`.execute(
          app.database.kysely,
        )
      ).rows[0]?.run_at;
    // The look's queries are in flight (a round trip on PostgreSQL): wait for its commit.
    for (let turn = 0; turn < 100_000 && (await leaseOf()) === toIsoUtc(T0 + 30_000); turn++) {
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    expect(Date.parse((await leaseOf()) ?? '') - T0).toBeLessThanOrEqual(200);
    gate.open();
    await moving;
  });

  it('brings an idle-pace look forward to the busy pace when work falls due', async () => {
    await otherInstance('alive-4');
    app.start();
    await clock.advance(0);
    await clock.advance(200); // start's own work is over: the looks are at the idle pace
    // The nearest timer still to come (a wake-up due now is the queue's, not a look).
    const nextLook = () =>
      Math.min(
        ...clock
          .timerInstants()
          .map((d) => +d - clock.now().getTime())
          .filter((ms) => ms > 0),
      );
    expect(nextLook()).toBeGreaterThan(200);
    const gate = closeGate();
    await app.queue.enqueue(probe('busy')); // due now: its wake-up timer is armed
    expect(clock.fireDueWithoutSettling()).toBe(1);
    await gate.entered;
    expect(nextLook()).toBe(200);
    gate.open();
    await clock.advance(0);
  });

  it('arms no watchdog while alone: one timer and the sweep', async () => {
    await app.queue.enqueue(probe('later'), { delayMs: 60_000 });
    app.start();
    await clock.advance(0);
    expect(clock.timerInstants().map((d) => +d - T0)).toEqual([60_000, SWEEP_MS]);
  });

  it('stop ends the leases of its own claims: due at once, in their old place in line', async () => {
    await app.queue.enqueue(probe('held'));
    await claimAs(app.instanceId); // as if a batch of this instance were still in flight
    await clock.advance(2_000);
    const database = await openTestDatabase({ file: dir.file('app.db') });
    others.push(database);
    await app.stop();
    const { rows } = await sql<{
      status: string;
      run_at: string;
    }>`select status, run_at from shared_scheduled_commands`.execute(database.kysely);
    // Its lease ran to T0 + 30 s; now it is due at the instant it was meant for.
    expect(rows).toEqual([{ status: 'running', run_at: toIsoUtc(T0) }]);
  });
});
