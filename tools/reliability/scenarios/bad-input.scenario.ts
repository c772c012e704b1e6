import { createHash } from 'node:crypto';
import fc from 'fast-check';
import {
  badRequestArbitrary,
  type BadRequest,
  type FuzzTargets,
} from '../support/bad-input.arbitraries';
import { Api, type DaemonProcess } from '@tickler/testing';
import { type ContractDocument } from '../support/fuzz/contract-routes';
import { loadOperations } from '../support/route-catalog';
import { type ScenarioResult, Violations } from '../support/scenario-result';
import { readDatabase } from '../support/sqlite-file';
import { probeStream } from '../support/route-catalog';

export interface BadInputOptions {
  readonly requests: number;
  readonly seed: number;
}

/**
 * Row count of every table, and a fingerprint of every row of the tables only requests write
 * (the queue table changes on its own as the minutely job runs, so only its count is kept).
 */
function snapshot(file: string): { counts: Record<string, number>; fingerprint: string } {
  return readDatabase(file, (db) => {
    const tables = (
      db
        .prepare(
          "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name",
        )
        .all() as { name: string }[]
    ).map((t) => t.name);
    const counts: Record<string, number> = {};
    const hash = createHash('sha256');
    for (const name of tables) {
      const quoted = `"${name.replace(/"/g, '""')}"`;
      counts[name] = (db.prepare(`select count(*) as n from ${quoted}`).get() as { n: number }).n;
      if (name !== 'shared_scheduled_commands') {
        for (const row of db.prepare(`select * from ${quoted} order by rowid`).iterate()) {
          hash.update(JSON.stringify(row));
        }
      }
    }
    return { counts, fingerprint: hash.digest('hex') };
  });
}

interface ErrorBody {
  error?: { code?: unknown; message?: unknown; fields?: unknown } | string;
  message?: unknown;
}

/** Whether a 4xx body names the problem: our envelope with a message (and fields for validation), or fastify's own `{ code, message }`. */
function namesTheProblem(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) {
    return false;
  }
  const b = body as ErrorBody;
  if (typeof b.error === 'object' && b.error !== null) {
    const { code, message, fields } = b.error;
    if (typeof code !== 'string' || typeof message !== 'string' || message.length === 0) {
      return false;
    }
    return code !== 'VALIDATION_FAILED' || (Array.isArray(fields) && fields.length > 0);
  }
  return typeof b.message === 'string' && b.message.length > 0;
}

async function seedTargets(api: Api): Promise<FuzzTargets> {
  const user = 'fuzz';
  const scheduled = await api.post<{ id: string }>(`/v1/users/${user}/notifications`, {
    title: 'target',
    message: 'm',
    scheduledAt: '2099-01-01T00:00:00Z',
  });
  const sent = await api.post<{ inboxId: string }>(`/v1/users/${user}/notifications`, {
    title: 'inbox target',
    message: 'm',
  });
  const sub = await api.post<{ id: string }>(`/v1/users/${user}/subscriptions`, {
    kind: 'webhook',
    url: 'https://hooks.example.com/fuzz',
  });
  if (scheduled.status !== 201 || sent.status !== 201 || sub.status !== 201) {
    throw new Error(
      `seeding fuzz targets failed: ${scheduled.status} ${sent.status} ${sub.status}`,
    );
  }
  return {
    user,
    scheduledId: scheduled.body.id,
    inboxId: sent.body.inboxId,
    subscriptionId: sub.body.id,
  };
}

/**
 * Scenario 7: generated bad input (fast-check) against the real daemon, one process reused
 * over keep-alive connections. Every answer must be a 4xx naming the problem, no 5xx, no row
 * written or changed by any of the rejected requests, and the daemon healthy at the end.
 */
export async function runBadInput(
  daemon: DaemonProcess,
  options: BadInputOptions,
): Promise<ScenarioResult> {
  const v = new Violations();
  const api = new Api(daemon.url, daemon.adminToken);
  const targets = await seedTargets(api);
  const operations = await loadOperations(api);
  const document = (await api.get<ContractDocument>('/openapi.json')).body;
  const before = snapshot(daemon.dbFile);
  const requests: BadRequest[] = fc.sample(badRequestArbitrary(document, targets), {
    numRuns: options.requests,
    seed: options.seed,
  });
  const perRoute = new Map<string, number>();
  const statuses: Record<string, number> = {};
  let fiveHundreds = 0;
  let unnamed = 0;
  let accepted = 0;

  for (const request of requests) {
    perRoute.set(request.route, (perRoute.get(request.route) ?? 0) + 1);
    let status: number;
    let body: unknown;
    let text: string;
    try {
      if (request.stream) {
        const res = await probeStream(`${daemon.url}${request.path}`, {
          authorization: `Bearer ${daemon.adminToken}`,
        });
        status = res.status;
        text = res.text;
        try {
          body = JSON.parse(text);
        } catch {
          body = text;
        }
      } else {
        const res = await api.request(request.method, request.path, {
          ...(request.raw !== undefined
            ? { raw: request.raw, contentType: request.contentType ?? 'application/json' }
            : {}),
          ...(request.headers ? { headers: request.headers } : {}),
        });
        ({ status, body, text } = res);
      }
    } catch (error) {
      v.check(
        false,
        () =>
          `${request.method} ${request.path.slice(0, 80)} (${request.defect}): no answer: ${String(error)}`,
      );
      continue;
    }
    statuses[status] = (statuses[status] ?? 0) + 1;
    const what = `${request.method} ${request.path.slice(0, 80)} (${request.defect})`;
    if (status >= 500) {
      fiveHundreds++;
    }
    if (status < 400) {
      accepted++;
    }
    v.check(
      status >= 400 && status < 500 && status !== 401 && status !== 403,
      () => `${what}: answered ${status} ${text.slice(0, 160)}`,
    );
    if (status >= 400 && status < 500) {
      const named = namesTheProblem(body);
      unnamed += named ? 0 : 1;
      v.check(
        named,
        () => `${what}: ${status} without a body naming the problem: ${text.slice(0, 160)}`,
      );
    }
  }
  const after = snapshot(daemon.dbFile);
  for (const [table, count] of Object.entries(after.counts)) {
    v.check(
      before.counts[table] === count,
      () => `table ${table}: ${before.counts[table]} rows before, ${count} after rejected requests`,
    );
  }
  v.check(
    before.fingerprint === after.fingerprint,
    () => 'a rejected request changed stored rows (fingerprint differs)',
  );
  const routes = operations.map((o) => `${o.method} ${o.path}`);
  const missing = routes.filter((r) => !perRoute.has(r));
  v.check(missing.length === 0, () => `routes never fuzzed: ${missing.join(', ')}`);
  const health = await api.get<{ status: string }>('/healthz');
  v.check(
    health.status === 200 && daemon.running,
    () => `daemon unhealthy after the run: ${health.status}`,
  );
  const bugs = daemon.errorLines().length;
  v.check(
    bugs === 0,
    () =>
      `${bugs} error lines in the daemon log, e.g. ${JSON.stringify(daemon.errorLines()[0]).slice(0, 300)}`,
  );
  const tried = (pattern: RegExp): number => requests.filter((r) => pattern.test(r.defect)).length;
  return {
    id: 7,
    name: 'generated bad input (fast-check) against the real daemon',
    figures: {
      'bad inputs tried': requests.length,
      routes: routes.length,
      'fewest per route': Math.min(...[...perRoute.values()]),
      '4xx': Object.entries(statuses)
        .filter(([s]) => Number(s) >= 400 && Number(s) < 500)
        .reduce((a, [, n]) => a + n, 0),
      '5xx seen': fiveHundreds,
      'oversized arrays': tried(/an array of \d+ entries/),
      'nested past the limit': tried(/nested past/),
      'instants before 1970 / lead underflow': tried(/outside 1970|before 1970/),
      'hostile text or links': tried(/hostile/),
      'accepted (2xx/3xx)': accepted,
      '4xx without a named problem': unnamed,
      'rows written by rejected requests': Object.entries(after.counts).reduce(
        (a, [t, n]) => a + Math.abs(n - (before.counts[t] ?? 0)),
        0,
      ),
      statuses: Object.entries(statuses)
        .map(([s, n]) => `${s}:${n}`)
        .join(' '),
      'daemon healthy after': health.status === 200 ? 'yes' : 'no',
      seed: options.seed,
    },
    violations: v.done(),
  };
}
