import { sql } from 'kysely';
import {
  closeGate,
  probe,
  probeContext,
  probeLog,
  resetProbe,
} from '../../test/fixtures/probe-context';
import { type Listening } from '../database/database';
import { type Application } from '../context/application';
import { type ManualClock } from '../clock/manual-clock';
import {
  REFERENCE_TIME,
  createTempDirectory,
  createTestApplication,
  type TempDirectory,
} from '../testing';

// PostgreSQL only (jest.postgres.config.js): processes on one database wake each other with
// LISTEN/NOTIFY instead of waiting for the safety sweep.
const T0 = Date.parse(REFERENCE_TIME);
const HOUR = 3_600_000;
let dir: TempDirectory;
const apps: Application[] = [];
const listenings: Listening[] = [];

beforeEach(() => {
  resetProbe();
  dir = createTempDirectory();
});

afterEach(async () => {
  for (const listening of listenings.splice(0)) {
    await listening.close();
  }
  for (const app of apps.splice(0)) {
    await app.stop();
  }
  dir.remove();
});

/** Lets I/O run until `done` holds: the notification travels through the server. */
async function until(done: () => boolean): Promise<void> {
  while (!done()) {
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

async function boot(clock?: ManualClock): Promise<{ app: Application; clock: ManualClock }> {
  const booted = await createTestApplication([probeContext], {
    file: dir.file('shared'),
    queue: { sweepMs: HOUR },
    ...(clock ? { clock } : {}),
  });
  apps.push(booted.app);
  return booted;
}

const armed = (clock: ManualClock): number[] => clock.timerInstants().map((d) => +d - T0);

/** Every wake-up NOTIFY on the database, as ms after T0, heard on a connection of its own. */
async function overhear(app: Application): Promise<number[]> {
  const heard: number[] = [];
  const channel = app.database.wakeUps;
  if (!channel) {
    throw new Error('PostgreSQL has a wake-up channel');
  }
  listenings.push(await channel.listen((payload) => heard.push(Date.parse(payload ?? '') - T0)));
  return heard;
}

/** The instance that claimed the probe row named `name`, once one has (waits for the claim). */
async function claimedBy(app: Application, name: string, clock: ManualClock): Promise<string> {
  for (;;) {
    // The other queue's listener hears the NOTIFY on its own connection, possibly after ours:
    // fire whatever timer is due now (the clock does not move) until it has claimed.
    clock.fireDueWithoutSettling();
    const { rows } = await sql<{ claimed_by: string | null }>`
      select claimed_by from shared_scheduled_commands where payload like ${`%"${name}"%`}
    `.execute(app.database.kysely);
    const holder = rows[0]?.claimed_by;
    if (holder) {
      return holder;
    }
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/**
 * Two running queues on one database and a listener on it. The other one starts first, so the
 * writer's watchdog sees it at the writer's own start (a lone instance hands nothing off).
 */
async function writerAndOther() {
  const { app, clock } = await boot();
  const other = await boot(clock);
  other.app.start();
  await clock.advance(0);
  app.start();
  await clock.advance(0);
  return { app, clock, other: other.app, heard: await overhear(app) };
}

/** Opens the gate, lets both queues finish, and checks which probes ran (once each). */
async function finishBoth(
  both: readonly Application[],
  gate: { open: () => void },
  moving: Promise<void>,
  names: readonly string[],
): Promise<void> {
  gate.open();
  await moving;
  await Promise.all(both.map((a) => a.queue.idle()));
  expect(probeLog.map((p) => p.name).sort()).toEqual([...names].sort());
}

describe('queue wake-ups between processes on PostgreSQL', () => {
  it('a row another process commits arms this queue at its instant (NOTIFY on commit), not at the sweep', async () => {
    const { app, clock } = await boot();
    app.start();
    await clock.advance(0);
    expect(armed(clock)).toEqual([HOUR]);
    // A second process (its own pool and queue, never started) on the same database.
    const other = await boot(clock);
    await other.app.queue.enqueue(probe('foreign'), { delayMs: 5_000 });
    await until(() => armed(clock).includes(5_000));
    await clock.advance(5_000);
    expect(probeLog).toEqual([{ name: 'foreign', at: '2026-09-10T08:30:05.000Z' }]);
  });

  it('a later row from another process leaves the armed timer alone (earlier only)', async () => {
    const { app, clock } = await boot();
    app.start();
    await clock.advance(0);
    await app.queue.enqueue(probe('mine'), { delayMs: 10_000 });
    const other = await boot(clock);
    await other.app.queue.enqueue(probe('early'), { delayMs: 2_000 });
    await until(() => armed(clock).includes(2_000));
    await other.app.queue.enqueue(probe('late'), { delayMs: 20_000 });
    await other.app.queue.enqueue(probe('earliest'), { delayMs: 1_000 });
    await until(() => armed(clock).includes(1_000));
    // One timer for the earliest row (plus the sweep): the later notifications armed nothing.
    expect(armed(clock)).toEqual([1_000, HOUR]);
    await clock.advance(20_000);
    expect(probeLog.map((p) => p.name)).toEqual(['earliest', 'early', 'mine', 'late']);
  });

  // Issue 28 item 4: a NOTIFY wakes every listening daemon and all but one claim nothing, so a
  // writer announces only what its own queue will not run on time.
  it('a running queue runs its own future row without telling the others', async () => {
    const { app, clock } = await boot();
    app.start();
    const other = await boot(clock);
    other.app.start();
    await clock.advance(0);
    const heard = await overhear(app);
    await app.queue.enqueue(probe('own'), { delayMs: 5_000 });
    // A queue that is not running must still tell: its NOTIFY, heard after the first commit's
    // would have been (one connection hears them in commit order), shows the first was not sent.
    const idle = await boot(clock);
    await idle.app.queue.enqueue(probe('told'), { delayMs: 7_000 });
    await until(() => heard.length > 0);
    expect(heard).toEqual([7_000]);
    await clock.advance(7_000);
    await Promise.all([app.queue.idle(), other.app.queue.idle()]);
    expect(probeLog.map((p) => p.name)).toEqual(['own', 'told']);
  });

  it('a row written to be shared is announced though the writer runs, and an idle queue takes it', async () => {
    const { app, clock, other, heard } = await writerAndOther();
    const gate = closeGate();
    await app.queue.enqueue(probe('blocker'));
    const moving = clock.advance(0);
    await gate.entered;
    // What a drain does with work left beyond its batch: ask the others to join at once.
    await app.queue.enqueue(probe('shared'), { wakeOthers: true });
    await until(() => heard.length > 0);
    expect(heard).toEqual([0]);
    expect(await claimedBy(app, 'shared', clock)).toBe(other.instanceId);
    await finishBoth([app, other], gate, moving, ['blocker', 'shared']);
  });

  it('a row that falls due while its writer is busy is handed off to an idle queue', async () => {
    const { app, clock, other, heard } = await writerAndOther();
    await app.queue.enqueue(probe('later'), { delayMs: 5_000 });
    const gate = closeGate();
    await app.queue.enqueue(probe('blocker'), { delayMs: 1_000 });
    const moving = clock.advance(1_000);
    await gate.entered;
    expect(heard).toEqual([]);
    // Having claimed, the writer arms for what falls due while its handler runs...
    await until(() => armed(clock).includes(5_000));
    // ...and its timer fires for 'later' while its cycle waits in the blocker's handler.
    clock.set(T0 + 5_000);
    clock.fireDueWithoutSettling();
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(heard).toEqual([]);
    // Still busy when the hand-off's grace (handOffMs, 20 ms) has passed: the others are told.
    clock.set(T0 + 5_020);
    clock.fireDueWithoutSettling();
    await until(() => heard.length > 0);
    expect(heard).toEqual([5_000]);
    expect(await claimedBy(app, 'later', clock)).toBe(other.instanceId);
    await finishBoth([app, other], gate, moving, ['blocker', 'later']);
  });

  it("a writer that stops before its row is due leaves it to the others' watchdog", async () => {
    const { app, clock } = await boot();
    app.start();
    const other = await boot(clock);
    other.app.start();
    await clock.advance(0);
    await other.app.queue.idle();
    await app.queue.enqueue(probe('orphan'), { delayMs: 5_000 });
    expect(armed(clock)).toContain(5_000);
    await app.stop();
    apps.splice(apps.indexOf(app), 1);
    // Only the other queue's timers are left; it learns of the row when its watchdog sees the
    // writer gone (each second), not at its sweep an hour away.
    expect(armed(clock)).not.toContain(5_000);
    await clock.advance(1_000);
    await until(() => armed(clock).includes(5_000));
    await clock.advance(4_000);
    await other.app.queue.idle();
    expect(probeLog.map((p) => p.name)).toEqual(['orphan']);
  });
});
