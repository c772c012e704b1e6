import { buildDaemon, type DaemonProcess, eventually } from '@tickler/testing';
import { PgFleet } from './support/pg-fleet';

// PostgreSQL only (jest.postgres.config.js): real daemon processes share one schema's drain.
// Small batches prove the properties (shares, a newcomer, SIGTERM and SIGKILL hand-over); the
// 50,000-delivery drain under a kill loop is `npm run torture`'s scenario 14 (issue 30).
beforeAll(() => buildDaemon(), 180_000);

let fleet: PgFleet | undefined;

afterEach(async () => {
  await fleet?.close();
  fleet = undefined;
}, 60_000);

/** Every seeded delivery sent, each with exactly one inbox row. */
function expectExactlyOnce(c: Awaited<ReturnType<PgFleet['counts']>>, seeded: number): void {
  expect(c).toEqual({
    deliveries: seeded,
    sent: seeded,
    live: 0,
    inboxRows: seeded,
    inboxDistinct: seeded,
  });
}

describe('parallel drain: several daemons on one PostgreSQL schema', () => {
  it('three daemons each deliver a share of one due batch, each delivery exactly once', async () => {
    const f = (fleet = await new PgFleet().open(3));
    const n = 7_500;
    // All due at one instant, every daemon listening.
    await f.seedDueInbox(n);
    expectExactlyOnce(await f.drained(120_000), n);
    const shares = await Promise.all(f.daemons.map((d) => f.sentBy(d)));
    expect(shares.reduce((a, b) => a + b, 0)).toBe(n);
    // NOTIFY-driven hand-off: a full batch plans a run another daemon claims.
    shares.forEach((share) => expect(share).toBeGreaterThan(0));
  }, 180_000);

  it('a daemon arriving mid-drain takes a share', async () => {
    const f = (fleet = await new PgFleet().open(3));
    // The newcomer is started before the drain and frozen (SIGSTOP) right after it listens: a
    // start-up took 20 to 200 s on this shared machine under load, longer than any drain a
    // test can afford. Resumed mid-drain, it arrives in milliseconds with the others busy.
    const newcomer = f.daemons[2] as DaemonProcess;
    process.kill(newcomer.pid as number, 'SIGSTOP');
    const n = 5_000;
    await f.seedDueInbox(n);
    await eventually(async () => ((await f.counts()).sent > 0 ? true : undefined), 60_000, 20);
    process.kill(newcomer.pid as number, 'SIGCONT');
    const leftWhenArrived = (await f.counts()).live;
    expect(leftWhenArrived).toBeGreaterThan(0);
    expectExactlyOnce(await f.drained(120_000), n);
    expect(await f.sentBy(newcomer)).toBeGreaterThan(0);
  }, 180_000);

  it('a daemon stopped with SIGTERM mid-drain gives back its claims before it exits', async () => {
    const f = (fleet = await new PgFleet().open(3));
    const n = 1_500;
    await f.seedDueInbox(n);
    // The victim: a daemon holding a deliver-due claim while deliveries are left.
    const { daemon: victim, instance } = await f.claimHolderMidDrain(60_000);
    expect(await victim.terminate()).toEqual({ code: 0, signal: null });
    // At once, not after the 30 s lease: nothing is left claimed by the stopped instance.
    expect(await f.claimsOf(instance)).toBe(0);
    expectExactlyOnce(await f.drained(120_000), n);
  }, 180_000);

  it("a SIGKILLed daemon's claims are recovered by the others", async () => {
    const f = (fleet = await new PgFleet().open(3));
    const n = 1_500;
    await f.seedDueInbox(n);
    const { daemon: victim, instance } = await f.claimHolderMidDrain(60_000);
    await victim.kill9();
    // Its open batch rolled back with its session; its queue claim goes to a survivor.
    expectExactlyOnce(await f.drained(120_000), n);
    await eventually(async () => ((await f.claimsOf(instance)) === 0 ? true : undefined), 60_000);
    expect(f.daemons.filter((d) => d.running)).toHaveLength(2);
  }, 180_000);
});
