import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  type ChildReply,
  type ChildRequest,
  type ChildResult,
  type ChildTask,
} from './bench.types';
import { clientOps, countSqliteStatements } from './systems/op-counter';
import { createSystem } from './systems/system-registry';
import { type QueueSystem, UnavailableError } from './systems/system.port';

/**
 * One workload step of one system, in its own process, so CPU and memory figures belong to that
 * system alone. Started by run.ts with `fork`; the request is argv[2] (JSON), the reply goes
 * back over IPC.
 */

const HOUR_MS = 3_600_000;

function nowMs(): number {
  return performance.timeOrigin + performance.now();
}

async function enqueueOne(
  system: QueueSystem,
  task: Extract<ChildTask, { kind: 'enqueue-one' }>,
): Promise<ChildResult> {
  await system.open({ clean: true });
  const base = Date.now() + HOUR_MS;
  const start = performance.now();
  let done = 0;
  while (done < task.n) {
    await system.enqueueOne(base + done);
    done++;
    if ((done & 255) === 0 && performance.now() - start > task.capMs) {
      break;
    }
  }
  const elapsedMs = performance.now() - start;
  await system.close({ drop: false });
  return { kind: 'enqueue', done, elapsedMs, complete: done === task.n };
}

/** Bulk calls of `chunk` items; every item of one call shares one instant (plainjob's addMany takes one delay). */
async function enqueueChunks(
  system: QueueSystem,
  n: number,
  chunk: number,
  instantOf: (chunkIndex: number) => number,
  capMs = Infinity,
): Promise<{ done: number; elapsedMs: number }> {
  const start = performance.now();
  let done = 0;
  for (let c = 0; done < n; c++) {
    const size = Math.min(chunk, n - done);
    const at = instantOf(c);
    await system.enqueueBulk(Array.from({ length: size }, () => at));
    done += size;
    if (performance.now() - start > capMs) {
      break;
    }
  }
  return { done, elapsedMs: performance.now() - start };
}

async function enqueueBulk(
  system: QueueSystem,
  task: Extract<ChildTask, { kind: 'enqueue-bulk' }>,
): Promise<ChildResult> {
  await system.open({ clean: true });
  const base = Date.now() + HOUR_MS;
  const { done, elapsedMs } = await enqueueChunks(
    system,
    task.n,
    task.chunk,
    (c) => base + c,
    task.capMs,
  );
  await system.close({ drop: false });
  return { kind: 'enqueue', done, elapsedMs, complete: done === task.n };
}

async function seedFuture(system: QueueSystem, n: number, chunk: number): Promise<ChildResult> {
  await system.open({ clean: true });
  const base = Date.now() + HOUR_MS;
  const { done, elapsedMs } = await enqueueChunks(system, n, chunk, (c) => base + c);
  await system.close({ drop: false });
  return { kind: 'seeded', done, elapsedMs };
}

/**
 * Items that fall due `leadMs` after the system is open. A system whose enqueue runs an item
 * already due at once (Tickler sends it inline) must finish seeding inside the lead, or the
 * drain would measure fewer items: `overran` tells the parent.
 */
async function seedDue(
  system: QueueSystem,
  task: Extract<ChildTask, { kind: 'seed-due' }>,
): Promise<ChildResult> {
  await system.open({ clean: true });
  const dueAtMs = Date.now() + task.leadMs;
  const { done, elapsedMs } = await enqueueChunks(system, task.n, task.chunk, () => dueAtMs);
  const overran = Date.now() >= dueAtMs;
  await system.close({ drop: false });
  return { kind: 'seeded', done, elapsedMs, dueAtMs, overran };
}

async function drain(
  system: QueueSystem,
  task: Extract<ChildTask, { kind: 'drain' }>,
): Promise<ChildResult> {
  await system.open({ clean: false });
  let processed = 0;
  const start = performance.now();
  await system.startWorker(() => {
    processed++;
  });
  const bootMs = start;
  const deadline = start + task.capMs;
  while (processed < task.n && performance.now() < deadline) {
    await sleep(5);
  }
  let complete = false;
  while (performance.now() < deadline) {
    if ((await system.unsettled()) === 0) {
      complete = true;
      break;
    }
    await sleep(5);
  }
  const drainMs = performance.now() - start;
  const settledAtEpochMs = nowMs();
  await system.close({ drop: false });
  return { kind: 'drain', processed, bootMs, drainMs, settledAtEpochMs, complete };
}

async function lateness(
  system: QueueSystem,
  task: Extract<ChildTask, { kind: 'lateness' }>,
): Promise<ChildResult> {
  await system.open({ clean: true });
  const samplesMs: number[] = [];
  await system.startWorker((scheduledMs) => {
    samplesMs.push(nowMs() - scheduledMs);
  });
  const t0 = Date.now();
  const instants = Array.from(
    { length: task.n },
    (_, i) => t0 + task.leadMs + Math.round((i * task.spreadMs) / task.n),
  );
  for (let i = 0; i < instants.length; i += 100) {
    await system.enqueueBulk(instants.slice(i, i + 100));
  }
  const deadline = t0 + task.leadMs + task.spreadMs + task.graceMs;
  while (samplesMs.length < task.n && Date.now() < deadline) {
    await sleep(20);
  }
  await system.close({ drop: false });
  return { kind: 'lateness', samplesMs, missing: task.n - samplesMs.length };
}

async function idle(
  system: QueueSystem,
  task: Extract<ChildTask, { kind: 'idle' }>,
): Promise<ChildResult> {
  await system.open({ clean: true });
  await system.startWorker(() => undefined);
  await system.enqueueOne(Date.now() + HOUR_MS);
  await sleep(task.warmupMs);
  const server0 = await system.serverOps?.();
  const cpu0 = process.cpuUsage();
  const ops0 = clientOps();
  await sleep(task.windowMs);
  const cpu = process.cpuUsage(cpu0);
  const ops = clientOps() - ops0;
  const server1 = await system.serverOps?.();
  await system.close({ drop: false });
  return {
    kind: 'idle',
    windowMs: task.windowMs,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    clientOps: ops,
    ...(server0 && server1
      ? { serverOps: server1.value - server0.value, serverOpsLabel: server1.label }
      : {}),
  };
}

async function dueCheck(
  system: QueueSystem,
  task: Extract<ChildTask, { kind: 'due-check' }>,
): Promise<ChildResult> {
  await system.open({ clean: false });
  await system.startWorker(() => undefined);
  const rows = await system.unsettled();
  const samplesMs: number[] = [];
  if (system.dueCheck) {
    for (let i = 0; i < 10; i++) {
      await system.dueCheck();
    }
    for (let i = 0; i < task.samples; i++) {
      const t = performance.now();
      await system.dueCheck();
      samplesMs.push(performance.now() - t);
    }
  }
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const rssBytes = process.memoryUsage().rss;
  await system.close({ drop: false });
  return { kind: 'due-check', samplesMs, rows, rssBytes };
}

async function clean(system: QueueSystem): Promise<ChildResult> {
  await system.open({ clean: true });
  await system.close({ drop: true });
  return { kind: 'cleaned' };
}

function runTask(system: QueueSystem, task: ChildTask): Promise<ChildResult> {
  switch (task.kind) {
    case 'enqueue-one':
      return enqueueOne(system, task);
    case 'enqueue-bulk':
      return enqueueBulk(system, task);
    case 'seed-due':
      return seedDue(system, task);
    case 'drain':
      return drain(system, task);
    case 'lateness':
      return lateness(system, task);
    case 'idle':
      return idle(system, task);
    case 'seed-future':
      return seedFuture(system, task.n, task.chunk);
    case 'due-check':
      return dueCheck(system, task);
    case 'clean':
      return clean(system);
  }
}

async function main(): Promise<void> {
  countSqliteStatements();
  const request = JSON.parse(process.argv[2] ?? '{}') as ChildRequest;
  const system = createSystem(request.system, request.dataDir);
  let reply: ChildReply;
  try {
    const result = await runTask(system, request.task);
    const cpu = process.cpuUsage();
    reply = {
      ok: true,
      result,
      cpuSeconds: (cpu.user + cpu.system) / 1e6,
      rssBytes: process.memoryUsage().rss,
      clientOps: clientOps(),
    };
  } catch (error) {
    reply = {
      ok: false,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      ...(error instanceof UnavailableError ? { unavailable: true } : {}),
    };
    await system.close({ drop: false }).catch(() => undefined);
  }
  process.send?.(reply, () => process.exit(0));
}

void main();
