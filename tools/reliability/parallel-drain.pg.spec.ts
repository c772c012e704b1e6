import { buildDaemon, type DaemonProcess, eventually } from '@tickler/testing';
import { PgFleet } from './support/pg-fleet';

// PostgreSQL only (jest.postgres.config.js): real daemon processes share one schema's drain.
// Small batches prove the properties (shares, a newcomer, SIGTERM and SIGKILL hand-over); the
// 50,000-delivery drain under a kill loop is `npm run torture`'s scenario 14 (issue 30).
//
// One fleet for the file: the cases used to start three daemons each (twelve starts, most of
// the file's CPU), and none of them needs a fresh schema, only a drained one with three
// daemons listening. Each case seeds its own batch into the drained schema and reads what it
// changed (counts against everything seeded so far, shares as differences of the daemons'
// counters); the SIGTERM case leaves two daemons running and the SIGKILL case adds a fresh
// one first, so every drain still has three. A case that fails leaves work behind: the next
// one then fails at its first check (`nothing live`), not somewhere later.
beforeAll(async () => {
  await buildDaemon();
  fleet = await new PgFleet().open(3);
}, 180_000);

let fleet: PgFleet;
/** Deliveries seeded into the fleet's schema by the cases so far. */
let seeded = 0;

afterAll(() => fleet?.close(), 60_000);

/** Seeds `n` deliveries due at once into the drained schema (every daemon listening). */
async function seedDue(n: number): Promise<void> {
  expect((await fleet.counts()).live).toBe(0);
  await fleet.seedDueInbox(n);
  seeded += n;
}

/** Every delivery seeded so far sent, each with exactly one inbox row. */
function expectExactlyOnce(c: Awaited<ReturnType<PgFleet['counts']>>): void {
  expect(c).toEqual({
    deliveries: seeded,
    sent: seeded,
    live: 0,
    inboxRows: seeded,
    inboxDistinct: seeded,
  });
}

/** What each of `daemons` has sent since the fleet started (its /metrics counter). */
const sentByEach = (daemons: readonly DaemonProcess[]) =>
  Promise.all(daemons.map((d) => fleet.sentBy(d)));

describe('parallel drain: several daemons on one PostgreSQL schema', () => {
  it('three daemons each deliver a share of one due batch, each delivery exactly once', async () => {
    const daemons = fleet.daemons.filter((d) => d.running);
    expect(daemons).toHaveLength(3);
    const before = await sentByEach(daemons);
    const n = 7_500;
    // All due at one instant, every daemon listening.
    await seedDue(n);
    expectExactlyOnce(await fleet.drained(120_000));
    const shares = (await sentByEach(daemons)).map((sent, i) => sent - (before[i] ?? 0));
    expect(shares.reduce((a, b) => a + b, 0)).toBe(n);
    // NOTIFY-driven hand-off: a full batch plans a run another daemon claims.
    shares.forEach((share) => expect(share).toBeGreaterThan(0));
  }, 180_000);

  it('a daemon arriving mid-drain takes a share', async () => {
    // The newcomer is one of the three, frozen (SIGSTOP) before the drain: a start-up took 20
    // to 200 s on this shared machine under load, longer than any drain a test can afford.
    // Resumed mid-drain, it arrives in milliseconds with the others busy.
    const newcomer = fleet.daemons.filter((d) => d.running)[2] as DaemonProcess;
    const before = await fleet.sentBy(newcomer);
    process.kill(newcomer.pid as number, 'SIGSTOP');
    try {
      const sentBefore = (await fleet.counts()).sent;
      await seedDue(5_000);
      await eventually(
        async () => ((await fleet.counts()).sent > sentBefore ? true : undefined),
        60_000,
        20,
      );
    } finally {
      // Never left frozen: the fleet's SIGTERM at the end would wait on it for ever.
      process.kill(newcomer.pid as number, 'SIGCONT');
    }
    const leftWhenArrived = (await fleet.counts()).live;
    expect(leftWhenArrived).toBeGreaterThan(0);
    expectExactlyOnce(await fleet.drained(120_000));
    expect((await fleet.sentBy(newcomer)) - before).toBeGreaterThan(0);
  }, 180_000);

  it('a daemon stopped with SIGTERM mid-drain gives back its claims before it exits', async () => {
    expect(fleet.daemons.filter((d) => d.running)).toHaveLength(3);
    await seedDue(1_500);
    // The victim: a daemon holding a deliver-due claim while deliveries are left.
    const { daemon: victim, instance } = await fleet.claimHolderMidDrain(60_000);
    expect(await victim.terminate()).toEqual({ code: 0, signal: null });
    // At once, not after the 30 s lease: nothing is left claimed by the stopped instance.
    expect(await fleet.claimsOf(instance)).toBe(0);
    expectExactlyOnce(await fleet.drained(120_000));
  }, 180_000);

  it("a SIGKILLed daemon's claims are recovered by the others", async () => {
    // Three again: the SIGTERM case left two.
    await fleet.add();
    expect(fleet.daemons.filter((d) => d.running)).toHaveLength(3);
    await seedDue(1_500);
    const { daemon: victim, instance } = await fleet.claimHolderMidDrain(60_000);
    await victim.kill9();
    // Its open batch rolled back with its session; its queue claim goes to a survivor.
    expectExactlyOnce(await fleet.drained(120_000));
    await eventually(
      async () => ((await fleet.claimsOf(instance)) === 0 ? true : undefined),
      60_000,
    );
    expect(fleet.daemons.filter((d) => d.running)).toHaveLength(2);
  }, 180_000);
});
