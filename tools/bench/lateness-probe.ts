import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  Application,
  type DomainEvent,
  msOf,
  openSqliteDatabase,
  SystemClock,
  type TimerHandle,
  toIsoUtc,
} from '@tickler/core';
import { notificationsContext } from '@tickler/notifications/context';
import {
  NotificationSentEvent,
  type NotificationSentPayload,
  SendNotification,
  SendNotifications,
} from '@tickler/notifications';
import { quantile } from './stats';

/**
 * Lateness probe (not part of the bench): the bench's lateness workload in one process, with
 * the path from the queue's timer firing to the `NotificationSentEvent` timed separately from
 * the timer's own delay, and the CPU the process spent per reminder. The timer is Node's and
 * millisecond-grained, the same for every in-process scheduler; what Tickler adds sits between
 * the fire and the event (and after it, until the queue is idle again). Run it under
 * `node --cpu-prof` to see where that goes. A warm-up round (100 reminders over 1 s) runs
 * first and is not counted.
 *
 *   node tools/dist/bench/lateness-probe.js <folder> [n=200] [spreadMs=1500]
 */

/** The system clock, noting when each of its timers fires (the queue arms one at a time). */
class TimedClock extends SystemClock {
  lastFire = 0;
  /** The process's CPU time (µs) when a timer last fired. */
  lastFireCpu = 0;

  override setTimer(callback: () => void, delayMs: number): TimerHandle {
    return super.setTimer(() => {
      this.lastFire = performance.now();
      this.lastFireCpu = cpuNow();
      callback();
    }, delayMs);
  }
}

/** User + system CPU time of this process, µs: what a wake-up costs, whatever the load. */
function cpuNow(): number {
  const { user, system } = process.cpuUsage();
  return user + system;
}

function summary(values: readonly number[]): { p50: number; p99: number; max: number } {
  const round = (v: number): number => Math.round(v * 1000) / 1000;
  return {
    p50: round(quantile(values, 0.5)),
    p99: round(quantile(values, 0.99)),
    max: round(Math.max(...values)),
  };
}

/** Per reminder of one round: lateness, timer fire → event (wall, CPU), fire → queue idle. */
interface Samples {
  lateness: number[];
  fireToEvent: number[];
  fireToEventCpu: number[];
  fireToIdle: number[];
  fireToIdleCpu: number[];
}

/** Schedules `n` inbox reminders over `spreadMs` and waits for their events. */
async function round(
  app: Application,
  samples: Samples,
  n: number,
  spreadMs: number,
): Promise<{ cpuUs: number }> {
  const t0 = Date.now() + 500;
  const items = Array.from({ length: n }, (_, i) =>
    Object.assign(new SendNotification(), {
      recipientId: 'probe-user',
      title: 'Reminder',
      message: 'probe',
      channel: 'inbox' as const,
      scheduledAt: toIsoUtc(t0 + Math.round((i * spreadMs) / n)),
    }),
  );
  for (let i = 0; i < n; i += 100) {
    await app.dispatch(Object.assign(new SendNotifications(), { items: items.slice(i, i + 100) }));
  }
  const cpu0 = process.cpuUsage();
  const deadline = t0 + spreadMs + 5_000;
  while (samples.lateness.length < n && Date.now() < deadline) {
    await sleep(20);
  }
  await app.queue.idle();
  const cpu = process.cpuUsage(cpu0);
  return { cpuUs: cpu.user + cpu.system };
}

async function probe(folder: string, n: number, spreadMs: number): Promise<void> {
  fs.mkdirSync(folder, { recursive: true });
  const file = path.join(folder, 'lateness-probe.db');
  for (const suffix of ['', '-wal', '-shm']) {
    fs.rmSync(file + suffix, { force: true });
  }
  const clock = new TimedClock();
  const app = await Application.create({
    database: openSqliteDatabase({ file }),
    contexts: [notificationsContext()],
    clock,
  });
  const empty = (): Samples => ({
    lateness: [],
    fireToEvent: [],
    fireToEventCpu: [],
    fireToIdle: [],
    fireToIdleCpu: [],
  });
  let samples = empty();
  app.events.subscribe(NotificationSentEvent.type, (event: DomainEvent) => {
    const scheduledAt = (event.payload as NotificationSentPayload).scheduledAt;
    if (scheduledAt === null) {
      return;
    }
    const fired = clock.lastFire;
    const firedCpu = clock.lastFireCpu;
    const into = samples;
    into.lateness.push(Date.now() - msOf(scheduledAt));
    into.fireToEvent.push(performance.now() - fired);
    into.fireToEventCpu.push(cpuNow() - firedCpu);
    void app.queue.idle().then(() => {
      into.fireToIdle.push(performance.now() - fired);
      into.fireToIdleCpu.push(cpuNow() - firedCpu);
    });
  });
  app.start();
  // A warm-up round first: the first runs of every path pay for the JIT.
  await round(app, samples, Math.min(100, n), 1_000);
  samples = empty();
  const { cpuUs } = await round(app, samples, n, spreadMs);
  await app.stop();
  console.log(
    JSON.stringify({
      n,
      got: samples.lateness.length,
      latenessMs: summary(samples.lateness),
      fireToEventMs: summary(samples.fireToEvent),
      fireToEventCpuUs: summary(samples.fireToEventCpu),
      fireToIdleMs: summary(samples.fireToIdle),
      fireToIdleCpuUs: summary(samples.fireToIdleCpu),
      cpuUsPerReminder: Math.round(cpuUs / Math.max(1, samples.lateness.length)),
    }),
  );
}

const [folder, n, spread] = process.argv.slice(2);
if (folder) {
  void probe(folder, Number(n ?? 200), Number(spread ?? 1_500));
} else {
  console.error('usage: lateness-probe <folder> [n=200] [spreadMs=1500]');
  process.exitCode = 2;
}
