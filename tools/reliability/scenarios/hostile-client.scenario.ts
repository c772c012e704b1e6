import { contractRoutes, type ContractDocument } from '../support/fuzz/contract-routes';
import { Api, type DaemonProcess, openRaw } from '@tickler/testing';
import { pipeReaderExits } from '../support/hostile/pipe-reader';
import { eventLoopMaxMs, processStats } from '../support/hostile/process-stats';
import { statusOf, timedPost } from '../support/hostile/raw-client';
import { type ScenarioResult, Violations } from '../support/scenario-result';

/** How hard scenario 13 pushes. */
export interface HostileClientOptions {
  /** Slow connections trickling a body, per kind (unauthenticated, authenticated). */
  readonly slowConnections: number;
  /** Also trickle authenticated bodies until the request timeout (30 s) closes them. */
  readonly authenticatedSlowloris: boolean;
  /** Event streams opened at once with one token. */
  readonly streams: number;
  /** Idle connections opened at once (past the cap of 256 they must be answered 503). */
  readonly idleConnections: number;
}

const USER = 'mallory';

/** Every body field of every route filled with the largest array the body limit lets through. */
async function oversizedArrays(daemon: DaemonProcess, doc: ContractDocument, v: Violations) {
  const times: number[] = [];
  let resets = 0;
  for (const route of contractRoutes(doc)) {
    if (route.body === undefined) {
      continue;
    }
    const path = route.template.replace('{userId}', USER).replace(/\{\w+\}/g, 'no-such-id');
    for (const field of route.body.fields) {
      const base = JSON.stringify({ ...route.body.valid, [field.name]: [] });
      const entries = Math.floor((route.bodyLimit - base.length - 64) / 3);
      const body = base.replace(
        `"${field.name}":[]`,
        `"${field.name}":[${'{},'.repeat(entries)}{}]`,
      );
      const res = await timedPost(daemon.url, path, daemon.adminToken, body);
      if (res.status === 0) {
        // Reset before the answer was read: the daemon must read on (and drop) the rest of a
        // refused body while its answer goes out (issue 34), so this is a violation.
        resets++;
        continue;
      }
      times.push(res.ms);
      v.check(
        res.status === 400,
        () =>
          `${route.method} ${route.template} ${field.name}[${entries + 1}]: answered ${res.status}`,
      );
      v.check(
        res.bytes < 8 * 1024,
        () => `${route.template} ${field.name}: error of ${res.bytes} bytes`,
      );
    }
  }
  return { times, resets };
}

/** One body per route nested as deep as its limit allows. */
async function deepNesting(daemon: DaemonProcess, doc: ContractDocument, v: Violations) {
  const times: number[] = [];
  for (const route of contractRoutes(doc)) {
    if (route.body === undefined) {
      continue;
    }
    const path = route.template.replace('{userId}', USER).replace(/\{\w+\}/g, 'no-such-id');
    const depth = Math.floor((route.bodyLimit - 64) / 2);
    const body = `{"x":${'['.repeat(depth)}${']'.repeat(depth)}}`;
    const res = await timedPost(daemon.url, path, daemon.adminToken, body);
    v.check(res.status !== 0, () => `${route.template} nested ${depth} deep: reset, no answer`);
    if (res.status === 0) {
      continue;
    }
    times.push(res.ms);
    v.check(
      res.status === 400,
      () => `${route.template} nested ${depth} deep: answered ${res.status}`,
    );
  }
  return times;
}

/** Connections that send headers and one byte of a big body, then nothing. */
async function slowloris(daemon: DaemonProcess, count: number, token: string | undefined) {
  const auth = token === undefined ? '' : `Authorization: Bearer ${token}\r\n`;
  const connections = await Promise.all(Array.from({ length: count }, () => openRaw(daemon.url)));
  const started = Date.now();
  const trickle = setInterval(() => connections.forEach((c) => c.socket.write(' ')), 5000);
  for (const c of connections) {
    c.socket.write(
      `POST /v1/users/${USER}/notifications HTTP/1.1\r\nHost: 127.0.0.1\r\n${auth}Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{`,
    );
  }
  await Promise.all(connections.map((c) => c.closed));
  clearInterval(trickle);
  const statuses = new Map<number, number>();
  for (const c of connections) {
    const status = statusOf(c.received());
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
    c.socket.destroy();
  }
  return {
    heldMs: Date.now() - started,
    statuses: [...statuses].map(([s, n]) => `${s}:${n}`).join(' '),
  };
}

/** Many streams with one token, then with the admin's: how many were let in. */
async function streamFlood(daemon: DaemonProcess, token: string, count: number) {
  const controller = new AbortController();
  const open = (path: string, bearer: string) =>
    fetch(`${daemon.url}${path}`, {
      headers: { authorization: `Bearer ${bearer}` },
      signal: controller.signal,
    }).then(
      (r) => r.status,
      () => 0,
    );
  const user = await Promise.all(
    Array.from({ length: count }, () => open(`/v1/users/${USER}/events`, token)),
  );
  const all = await Promise.all(
    Array.from({ length: count }, () => open('/v1/events', daemon.adminToken)),
  );
  controller.abort();
  const tally = (list: number[]) =>
    [...new Set(list)]
      .sort()
      .map((s) => `${s}:${list.filter((x) => x === s).length}`)
      .join(' ');
  return { user: tally(user), all: tally(all), userOk: user.filter((s) => s === 200).length };
}

/** Idle connections past the cap: the extra ones get a 503 and are closed. */
async function connectionFlood(daemon: DaemonProcess, count: number) {
  const connections = await Promise.all(Array.from({ length: count }, () => openRaw(daemon.url)));
  // Those over the cap are answered at once; give the server the moment it needs to write.
  await Promise.race([
    Promise.all(connections.map((c) => c.closed)),
    new Promise((r) => setTimeout(r, 1000)),
  ]);
  const refused = connections.filter((c) => statusOf(c.received()) === 503).length;
  connections.forEach((c) => c.socket.destroy());
  return refused;
}

const max = (list: number[]): number => Math.round(Math.max(0, ...list) * 10) / 10;
const median = (list: number[]): number =>
  Math.round(([...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0) * 10) / 10;

/**
 * Scenario 10: a hostile client against the real daemon — the largest array the body limit
 * lets through in every field of every body, nesting as deep as the limit allows, slow
 * connections with and without a token, a flood of event streams and of idle connections, and
 * a pipe whose reader exits. Each refusal must be a 4xx (503 for the connection cap), the daemon
 * healthy after, its fds back where they were.
 */
export async function runHostileClient(
  daemon: DaemonProcess,
  options: HostileClientOptions,
): Promise<ScenarioResult> {
  const v = new Violations();
  const pid = daemon.pid!;
  const api = new Api(daemon.url, daemon.adminToken);
  const doc = (await api.get<ContractDocument>('/openapi.json')).body;
  const token = (await api.post<{ token: string }>(`/v1/users/${USER}/tokens`)).body.token;
  const before = processStats(pid);
  await eventLoopMaxMs(daemon.url, daemon.adminToken);
  const arrays = await oversizedArrays(daemon, doc, v);
  const nesting = await deepNesting(daemon, doc, v);
  const loopDuringBodies = await eventLoopMaxMs(daemon.url, daemon.adminToken);
  const unauth = await slowloris(daemon, options.slowConnections, undefined);
  v.check(
    unauth.statuses === `401:${options.slowConnections}`,
    () => `unauthenticated slowloris: ${unauth.statuses}`,
  );
  const auth = options.authenticatedSlowloris
    ? await slowloris(daemon, options.slowConnections, daemon.adminToken)
    : undefined;
  if (auth) {
    v.check(
      auth.statuses === `408:${options.slowConnections}`,
      () => `authenticated slowloris: ${auth.statuses}`,
    );
  }
  const streams = await streamFlood(daemon, token, options.streams);
  v.check(arrays.resets === 0, () => `${arrays.resets} oversized bodies were reset, no answer`);
  v.check(streams.userOk <= 8, () => `one token held ${streams.userOk} streams`);
  const refused = await connectionFlood(daemon, options.idleConnections);
  v.check(
    options.idleConnections <= 256 || refused > 0,
    () => `${options.idleConnections} idle connections, none refused`,
  );
  const loopDuringAttack = await eventLoopMaxMs(daemon.url, daemon.adminToken);
  let after = processStats(pid);
  // Closes reach the server asynchronously, and idle keep-alive sockets (this client's own
  // included) are closed by the daemon after its 10 s keep-alive timeout.
  for (let i = 0; i < 150 && after.fds > before.fds + 4; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    after = processStats(pid);
  }
  v.check(after.fds <= before.fds + 4, () => `fds ${before.fds} before, ${after.fds} after`);
  const health = await api.get('/healthz');
  v.check(
    health.status === 200 && daemon.running,
    () => `daemon unhealthy after: ${health.status}`,
  );
  const pipe = await pipeReaderExits();
  v.check(pipe.code === 0, () => `with its pipe reader gone the daemon exited ${pipe.code}`);
  return {
    id: 13,
    name: 'hostile client (huge arrays, deep nesting, slowloris, stream and connection floods, pipe reader exiting)',
    figures: {
      'oversized-array bodies answered': arrays.times.length,
      'reset before the answer was read': arrays.resets,
      'time to the 400, median (ms)': median(arrays.times),
      'time to the 400, max (ms)': max(arrays.times),
      'deep-nesting bodies': nesting.length,
      'time to the 400 for nesting, max (ms)': max(nesting),
      'max event-loop delay, bodies (ms)': loopDuringBodies,
      'max event-loop delay, rest of the attack (ms)': loopDuringAttack,
      'slowloris unauthenticated': `${options.slowConnections} → ${unauth.statuses} in ${unauth.heldMs} ms`,
      'slowloris authenticated': auth
        ? `${options.slowConnections} → ${auth.statuses} in ${auth.heldMs} ms`
        : 'not run',
      [`${options.streams} streams, one user token`]: streams.user,
      [`${options.streams} streams, admin`]: streams.all,
      [`${options.idleConnections} idle connections refused 503`]: refused,
      'fds before / after': `${before.fds} / ${after.fds}`,
      'RSS MiB before / after': `${before.rssMiB} / ${after.rssMiB}`,
      'pipe reader exits: daemon exit code': String(pipe.code),
      'pipe reader exits: time to exit (ms)': pipe.ms,
    },
    violations: v.done(),
  };
}
