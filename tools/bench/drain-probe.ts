import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { TicklerSystem } from './systems/tickler.system';

/**
 * Drain probe (not part of the bench): seed N due inbox reminders once, then drain copies of
 * that file in fresh processes, reporting wall time and this process's CPU time. CPU per
 * delivery moves far less than wall time on the shared machine, so before/after comparisons of
 * the drain path use it; run the drain under `node --cpu-prof` to see where it goes.
 *
 *   node tools/dist/bench/drain-probe.js seed  <seed.db> <n>
 *   node tools/dist/bench/drain-probe.js drain <seed.db> <work.db>
 *
 * Seeded rows stay deliverable for the context's 12 h grace window.
 */

const SUFFIXES = ['', '-wal', '-shm'];
const CHUNK = 1000;

async function seed(file: string, n: number): Promise<void> {
  const system = new TicklerSystem(file);
  await system.open({ clean: true });
  // Future on purpose: an instant already past is sent inline by the enqueue itself.
  const dueAtMs = Date.now() + 2_000 + n / 5;
  for (let done = 0; done < n; done += CHUNK) {
    await system.enqueueBulk(Array.from({ length: Math.min(CHUNK, n - done) }, () => dueAtMs));
  }
  if (Date.now() >= dueAtMs) {
    throw new Error('seeding overran its lead: some rows were sent inline');
  }
  await system.close({ drop: false });
  await sleep(Math.max(0, dueAtMs - Date.now() + 10));
  console.log(JSON.stringify({ seeded: n, file }));
}

async function drain(seedFile: string, workFile: string): Promise<void> {
  for (const suffix of SUFFIXES) {
    fs.rmSync(workFile + suffix, { force: true });
    if (fs.existsSync(seedFile + suffix)) {
      fs.copyFileSync(seedFile + suffix, workFile + suffix);
    }
  }
  const system = new TicklerSystem(workFile);
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await system.open({ clean: false });
  const n = await system.unsettled();
  let sent = 0;
  const tStart = performance.now();
  await system.startWorker(() => {
    sent++;
  });
  while (sent < n || (await system.unsettled()) > 0) {
    await sleep(5);
  }
  const drainMs = performance.now() - tStart;
  const cpu = process.cpuUsage(cpu0);
  await system.close({ drop: false });
  const cpuMs = (cpu.user + cpu.system) / 1000;
  console.log(
    JSON.stringify({
      n,
      sent,
      openMs: Math.round(tStart - t0),
      drainMs: Math.round(drainMs),
      perSec: Math.round((sent / drainMs) * 1000),
      cpuMs: Math.round(cpuMs),
      cpuUsPerDelivery: Math.round((cpuMs * 1000) / Math.max(1, sent)),
    }),
  );
}

const [mode, a, b] = process.argv.slice(2);
if (mode === 'seed' && a && b) {
  void seed(a, Number(b));
} else if (mode === 'drain' && a && b) {
  void drain(a, b);
} else {
  console.error('usage: drain-probe seed <seed.db> <n> | drain <seed.db> <work.db>');
  process.exitCode = 2;
}
