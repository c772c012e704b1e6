#!/usr/bin/env node
import fs from 'node:fs';
import http from 'node:http';
import { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { desktopEnvironment, SidecarProcess } from './sidecar-process';
import { packagedExecutable } from '../packaging/packaged-executable';

/** One start: ms from spawn to the readiness line, to the first `/healthz` 200, SIGTERM to exit. */
interface StartSample {
  readonly readyMs: number;
  readonly healthyMs: number;
  readonly stopMs: number;
  readonly exitCode: number | null;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function msSince(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/** Starts the executable in `appData`, waits for `/healthz` 200, then SIGTERMs it. */
async function startOnce(executable: string, appData: string): Promise<StartSample> {
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'tickler-cwd-'));
  const start = process.hrtime.bigint();
  const sidecar = await SidecarProcess.start({ executable, cwd, env: desktopEnvironment(appData) });
  const readyMs = msSince(start);
  for (;;) {
    const response = await fetch(`${sidecar.readiness.url}/healthz`);
    if (response.status === 200) {
      break;
    }
  }
  const healthyMs = msSince(start);
  const stopping = process.hrtime.bigint();
  const exit = await sidecar.stop('SIGTERM');
  const stopMs = msSince(stopping);
  fs.rmSync(cwd, { recursive: true, force: true });
  return { readyMs, healthyMs, stopMs, exitCode: exit.code };
}

/** utime + stime of a process in ms (Linux /proc; clock ticks are 100 per second here). */
function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // After the command name: state is field 3, utime 14 and stime 15 (1-based) → 11 and 12 here.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

async function idle(executable: string, appData: string, seconds: number) {
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'tickler-cwd-'));
  const sidecar = await SidecarProcess.start({ executable, cwd, env: desktopEnvironment(appData) });
  const cpuAtReady = cpuMs(sidecar.pid);
  const rss: number[] = [];
  for (let second = 0; second < seconds; second++) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    rss.push(rssMb(sidecar.pid));
  }
  const cpu = cpuMs(sidecar.pid) - cpuAtReady;
  await sidecar.stop('SIGTERM');
  return {
    rssAtReadyMb: rss[0]!,
    rssEndMb: rss[rss.length - 1]!,
    rssMaxMb: Math.max(...rss),
    cpuMs: cpu,
    cpuPercent: (cpu / (seconds * 1_000)) * 100,
  };
}

/**
 * SIGTERM to exit while a webhook request is in flight: a receiver that never answers, one
 * webhook reminder sent now, SIGTERM once the request arrives. The stop waits
 * `TICKLER_STOP_TIMEOUT` (500 ms by default) for it, then hands the delivery back.
 */
async function stopInFlight(executable: string, appData: string): Promise<number> {
  let arrived!: () => void;
  const request = new Promise<void>((resolve) => (arrived = resolve));
  const receiver = http.createServer(() => arrived());
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'tickler-cwd-'));
  const sidecar = await SidecarProcess.start({
    executable,
    cwd,
    env: desktopEnvironment(appData, { TICKLER_ALLOW_PRIVATE_TARGETS: 'true' }),
  });
  const token = fs.readFileSync(sidecar.readiness.tokenFile!, 'utf8').trim();
  const post = (route: string, body: unknown) =>
    fetch(`${sidecar.readiness.url}${route}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const port = (receiver.address() as AddressInfo).port;
  await post('/v1/users/hooked/subscriptions', {
    kind: 'webhook',
    url: `http://127.0.0.1:${port}/hook`,
  });
  await post('/v1/users/hooked/notifications', { title: 't', message: '', channel: 'webhook' });
  await request;
  const stopping = process.hrtime.bigint();
  await sidecar.stop('SIGTERM');
  const ms = msSince(stopping);
  receiver.closeAllConnections();
  receiver.close();
  return ms;
}

function flag(name: string, fallback: number): number {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
}

/**
 * `npm run bench:sidecar [-- --runs 7 --idle 60]`: the packaged executable's size, its start on
 * a new app-data folder (addon extracted, migrations run) and on an existing one, SIGTERM to
 * exit, and its idle RSS and CPU. Every start is spawned the way a desktop shell does
 * (`desktopEnvironment`). Figures go to docs/benchmarks.md ("Sidecar") by hand, with the load
 * average printed here: the machine is shared.
 */
async function main(): Promise<void> {
  const executable = packagedExecutable();
  const runs = flag('--runs', 7);
  const idleSeconds = flag('--idle', 60);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tickler-measure-'));
  const out = (line: string): boolean => process.stdout.write(`${line}\n`);
  out(`executable: ${executable} (${(fs.statSync(executable).size / 1e6).toFixed(1)} MB)`);
  out(
    `load average before: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const first: StartSample[] = [];
  for (let run = 0; run < runs; run++) {
    first.push(await startOnce(executable, path.join(root, `new-${run}`)));
  }
  const again: StartSample[] = [];
  for (let run = 0; run < runs; run++) {
    again.push(await startOnce(executable, path.join(root, 'new-0')));
  }
  for (const [label, samples] of [
    ['new app-data folder', first],
    ['existing database', again],
  ] as const) {
    out(
      `${label}: ready ${median(samples.map((s) => s.readyMs)).toFixed(0)} ms, ` +
        `/healthz 200 ${median(samples.map((s) => s.healthyMs)).toFixed(0)} ms ` +
        `(median of ${samples.length}; all: ${samples.map((s) => s.healthyMs.toFixed(0)).join(' ')}), ` +
        `SIGTERM→exit median ${median(samples.map((s) => s.stopMs)).toFixed(0)} ms, ` +
        `max ${Math.max(...samples.map((s) => s.stopMs)).toFixed(0)} ms, ` +
        `exit codes ${[...new Set(samples.map((s) => s.exitCode))].join(',')}`,
    );
  }
  const inFlight: number[] = [];
  for (let run = 0; run < Math.min(runs, 3); run++) {
    inFlight.push(await stopInFlight(executable, path.join(root, `hook-${run}`)));
  }
  out(
    `SIGTERM→exit with a webhook request in flight: ${inFlight.map((ms) => ms.toFixed(0)).join(' ')} ms`,
  );
  const quiet = await idle(executable, path.join(root, 'new-0'), idleSeconds);
  out(
    `idle ${idleSeconds} s: RSS ${quiet.rssAtReadyMb.toFixed(1)} MB after 1 s, ` +
      `${quiet.rssEndMb.toFixed(1)} MB at the end, max ${quiet.rssMaxMb.toFixed(1)} MB; ` +
      `CPU ${quiet.cpuMs} ms (${quiet.cpuPercent.toFixed(2)} %)`,
  );
  out(
    `load average after: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  fs.rmSync(root, { recursive: true, force: true });
}

void main();
