import pg from 'pg';
import { PgFleet, PG_URL } from '../support/pg-fleet';
import { type ScenarioResult, Violations } from '../support/scenario-result';

export interface KillLoopDrainOptions {
  /** Daemons sharing one PostgreSQL schema. */
  readonly daemons: number;
  /** Inbox deliveries due at once. */
  readonly deliveries: number;
  /** A daemon is SIGKILLed (and started again) this often while deliveries are left, in ms. */
  readonly killEveryMs: number;
  readonly drainDeadlineMs: number;
}

const NAME = 'parallel drain with a daemon SIGKILLed on a beat (PostgreSQL)';

/**
 * Scenario 14 (issue 16): N daemons drain one due batch together while, every `killEveryMs`,
 * the next listening one (round robin) is SIGKILLed mid-drain and started again on the same
 * schema (the restart runs beside the beat).
 * A killed daemon's open batch rolls back with its session and its queue claim goes to a
 * survivor (ADR 0004). Checks: every delivery `sent`, exactly one inbox row each.
 */
export async function runKillLoopDrain(options: KillLoopDrainOptions): Promise<ScenarioResult> {
  const probe = new pg.Client({ connectionString: PG_URL });
  try {
    await probe.connect();
    await probe.end();
  } catch (error) {
    return {
      id: 14,
      name: NAME,
      figures: {},
      violations: [],
      notes: [`not run: no PostgreSQL at ${PG_URL} (${String(error)})`],
    };
  }
  const v = new Violations();
  const fleet = new PgFleet();
  try {
    await fleet.open(options.daemons);
    const t0 = Date.now();
    await fleet.seedDueInbox(options.deliveries);
    const seededMs = Date.now() - t0;
    let kills = 0;
    let skipped = 0;
    const deadline = Date.now() + options.drainDeadlineMs;
    // Daemons listening (their start resolved): only those are killed, in turn. A restart runs
    // beside the beat (a start took up to a minute on a loaded machine), so the beat stays short.
    const ready = new Set(fleet.daemons);
    const restarts: Promise<unknown>[] = [];
    let turn = 0;
    // The fault's beat is the scenario's input, not an assertion on timing.
    while ((await fleet.anyLive()) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, options.killEveryMs));
      const victim = fleet.daemons
        .map((_, i) => fleet.daemons[(turn + i) % fleet.daemons.length])
        .find((d) => d !== undefined && ready.has(d));
      if (victim === undefined || !(await fleet.anyLive())) {
        skipped++;
        continue;
      }
      turn = fleet.daemons.indexOf(victim) + 1;
      ready.delete(victim);
      await victim.kill9();
      kills++;
      restarts.push(victim.start().then(() => ready.add(victim)));
    }
    await Promise.all(restarts);
    const c = await fleet.drained(Math.max(1_000, deadline - Date.now()));
    const drainMs = Date.now() - t0 - seededMs;
    const lost = options.deliveries - c.sent;
    const duplicates = c.inboxRows - c.inboxDistinct;
    v.check(lost === 0, () => `${lost} of ${options.deliveries} deliveries never sent`);
    v.check(duplicates === 0, () => `${duplicates} duplicate inbox rows`);
    v.check(
      c.inboxDistinct === options.deliveries,
      () => `${c.inboxDistinct} inbox rows for ${options.deliveries} deliveries`,
    );
    v.check(kills > 0, () => 'the drain ended before the first kill: raise the size');
    return {
      id: 14,
      name: NAME,
      figures: {
        daemons: options.daemons,
        deliveries: options.deliveries,
        'kill every (ms)': options.killEveryMs,
        'SIGKILLs (each followed by a restart)': kills,
        'beats with no listening daemon to kill': skipped,
        'seed (s)': Math.round(seededMs / 100) / 10,
        'seed start → drained (s)': Math.round((Date.now() - t0) / 100) / 10,
        'drain after seeding (s)': Math.round(drainMs / 100) / 10,
        lost,
        'duplicate inbox rows': duplicates,
      },
      violations: v.done(),
    };
  } finally {
    await fleet.close();
  }
}
