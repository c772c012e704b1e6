import { Api, type DaemonProcess } from '@tickler/testing';
import { eventLoopDelayMs, processStats } from '../support/hostile/process-stats';
import { type ScenarioResult, Violations } from '../support/scenario-result';

/** How hard scenario 16 pushes. */
export interface RecurrenceFloodOptions {
  /** Rounds of the attack; each sends every rule below once, in parallel. */
  readonly rounds: number;
  /**
   * Event-loop delay the daemon may show during the attack, in ms (its own
   * `tickler_nodejs_eventloop_lag_max_seconds`); checked only when given (`npm run torture`),
   * never in `npm test` (a timing on a busy machine is not a behaviour).
   */
  readonly maxEventLoopMs?: number;
}

const USER = 'mallory';
const range = (from: number, to: number): string =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i).join(',');

/** Issue 29's rule: every minute of every day of the year, 389 characters. */
export const ISSUE_29_RULE = `FREQ=YEARLY;BYMONTH=${range(1, 12)};BYMONTHDAY=${range(1, 31)};BYHOUR=${range(0, 23)};BYMINUTE=${range(0, 59)}`;

/** Rules the daemon must refuse (400 at acceptance, 422 when the check runs out of budget). */
const REFUSED = [
  ISSUE_29_RULE,
  `FREQ=DAILY;BYHOUR=${range(0, 23)};BYMINUTE=${range(0, 59)}`,
  `FREQ=YEARLY;BYMONTHDAY=${range(1, 31)};BYHOUR=${range(0, 23)}`,
  // Never again after a Friday; and a rare pattern past the step budget when counted often.
  'FREQ=DAILY;INTERVAL=7;BYDAY=MO',
];

/** The most expensive rules the daemon accepts: their previews and firing must stay cheap. */
const ACCEPTED = [
  `FREQ=DAILY;BYHOUR=${range(0, 23)};BYMINUTE=0,15,30,45`,
  `FREQ=YEARLY;BYMONTHDAY=${range(1, 31)}`,
  `FREQ=MONTHLY;BYMONTHDAY=${range(1, 31)};BYHOUR=${range(0, 23).split(',').slice(0, 32).join(',')}`,
  `FREQ=YEARLY;BYMONTH=3,10;BYDAY=-1SU;BYHOUR=${range(0, 23)};BYMINUTE=0,15,30,45`,
  'FREQ=DAILY;INTERVAL=3;BYMONTH=2;BYMONTHDAY=29;BYDAY=MO',
];

/** `/healthz` asked every 10 ms until stopped: how many were answered 200, and the slowest. */
function probeHealth(url: string): {
  stop: () => Promise<{ ok: number; failed: number; maxMs: number }>;
} {
  let running = true;
  let ok = 0;
  let failed = 0;
  let maxMs = 0;
  const loop = (async () => {
    while (running) {
      const t0 = performance.now();
      try {
        const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(10_000) });
        await res.text();
        if (res.status === 200) {
          ok++;
        } else {
          failed++;
        }
      } catch {
        failed++;
      }
      maxMs = Math.max(maxMs, performance.now() - t0);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return { ok, failed, maxMs: Math.round(maxMs * 10) / 10 };
    },
  };
}

/**
 * Scenario 16 (issue 29): a user token sends recurrence rules built to freeze the daemon —
 * issue 29's 389-character rule in Europe/Berlin, other floods of candidates, a rule that never
 * fires again — and the costliest rules it accepts, previews them and lets them fire, while
 * `/healthz` is asked every 10 ms. Invariants: every refused rule is 400/422 naming
 * `repeat.rule`, every accepted one 201 (or 422 when its check ran out of time), every preview
 * 200 or 422, every `/healthz` answered
 * 200; with `maxEventLoopMs`, the daemon's event-loop delay stays under it. Figures: the
 * daemon's event-loop delay during the attack, the slowest `/healthz`, RSS before and after.
 */
export async function runRecurrenceFlood(
  daemon: DaemonProcess,
  options: RecurrenceFloodOptions,
): Promise<ScenarioResult> {
  const v = new Violations();
  const admin = new Api(daemon.url, daemon.adminToken);
  const token = (await admin.post<{ token: string }>(`/v1/users/${USER}/tokens`)).body.token;
  const api = admin.as(token);
  const pid = daemon.pid ?? 0;
  const statuses = new Map<string, number>();
  const count = (what: string) => statuses.set(what, (statuses.get(what) ?? 0) + 1);
  const create = (rule: string, scheduledAt?: string) =>
    api.post<{ id: string; error?: { code: string; fields?: { path: string }[] } }>(
      `/v1/users/${USER}/notifications`,
      {
        title: 'flood',
        message: '',
        ...(scheduledAt === undefined ? {} : { scheduledAt }),
        repeat: { rule, timeZone: 'Europe/Berlin' },
      },
    );
  let rssBefore = 0;
  let health = probeHealth(daemon.url);
  // Round 0 warms the daemon up (its first requests load code and compile it); the attack's
  // figures are taken over the rounds after it.
  for (let round = 0; round <= options.rounds; round++) {
    if (round === 1) {
      await health.stop();
      rssBefore = processStats(pid).rssMiB;
      await eventLoopDelayMs(daemon.url, daemon.adminToken); // resets the maximum
      health = probeHealth(daemon.url);
      statuses.clear();
    }
    const refused = await Promise.all(
      REFUSED.map((rule) => create(rule, '2026-09-11T09:00:00+02:00')),
    );
    refused.forEach((res, i) => {
      count(`refused ${res.status}`);
      const named = res.body.error?.fields?.some((f) => f.path === 'repeat.rule') ?? false;
      v.check(
        (res.status === 400 || res.status === 422) && named,
        () => `refused rule ${i} answered ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`,
      );
    });
    // Accepted: one starting now (it fires at once and schedules the next), previewed.
    const accepted = await Promise.all(ACCEPTED.map((rule) => create(rule)));
    const previews = await Promise.all(
      accepted.map((res, i) => {
        count(`accepted ${res.status}`);
        // 422 too: on a loaded machine a check may run out of its time (not its steps).
        const named = res.body.error?.fields?.some((f) => f.path === 'repeat.rule') ?? false;
        v.check(
          res.status === 201 || (res.status === 422 && named),
          () =>
            `accepted rule ${i} answered ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`,
        );
        return res.status === 201
          ? api.get(`/v1/users/${USER}/notifications/${res.body.id}/occurrences?count=100`)
          : Promise.resolve(undefined);
      }),
    );
    previews.forEach((res, i) => {
      if (res === undefined) {
        return;
      }
      count(`preview ${res.status}`);
      v.check(
        res.status === 200 || res.status === 422,
        () => `preview ${i} answered ${res.status}`,
      );
    });
  }
  const probe = await health.stop();
  const loopMs = await eventLoopDelayMs(daemon.url, daemon.adminToken);
  const rssAfter = processStats(pid).rssMiB;
  v.check(probe.failed === 0, () => `/healthz failed ${probe.failed} times during the attack`);
  v.check(probe.ok > 0, () => '/healthz was never answered during the attack');
  if (options.maxEventLoopMs !== undefined) {
    v.check(
      loopMs <= options.maxEventLoopMs,
      () => `event-loop delay ${loopMs} ms during the attack (limit ${options.maxEventLoopMs} ms)`,
    );
  }
  return {
    id: 16,
    name: 'recurrence flood',
    figures: {
      rounds: options.rounds,
      'event-loop delay ms': loopMs,
      'healthz answered': probe.ok,
      'healthz slowest ms': probe.maxMs,
      'rss before MiB': rssBefore,
      'rss after MiB': rssAfter,
      answers: [...statuses].map(([k, n]) => `${k}:${n}`).join(' '),
    },
    violations: v.done(),
  };
}
