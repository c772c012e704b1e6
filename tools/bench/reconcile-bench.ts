// Reconcile throughput: `npx tsc -b tools/tsconfig.lib.json && node tools/dist/bench/reconcile-bench.js [entries] [users]`.
// 50k plan entries for 5k users on a fresh SQLite file (WAL, synchronous=NORMAL): into an empty
// table, the same plan again (all unchanged), then 10 % drifted and 10 % removed. Each step is
// timed twice over: the whole dispatch (the bus's class-validator validation + the handler) and
// the handler alone on an already validated command, so the two costs are visible separately.
import 'reflect-metadata';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  Application,
  type CommandHandler,
  type CommandHandlerClass,
  openSqliteDatabase,
  toIsoUtc,
} from '@tickler/core';
import { notificationsContext } from '@tickler/notifications/context';
import {
  type PlannedNotification,
  ReconcileScheduled,
  type ReconcileResult,
} from '@tickler/notifications';

const ENTRIES = Number(process.argv[2] ?? 50_000);
const USERS = Number(process.argv[3] ?? 5_000);
const DAY = 86_400_000;

function plan(startMs: number): PlannedNotification[] {
  return Array.from({ length: ENTRIES }, (_, i) => ({
    recipientId: `user-${i % USERS}`,
    sourceKey: `event:${Math.floor(i / USERS)}:${i}`,
    title: `Event ${i} starts soon`,
    message: 'Doors open ten minutes before.',
    url: `/events/${i}`,
    ...(i % 2 === 0
      ? { eventAt: toIsoUtc(startMs + DAY + i * 1000), rule: 'lead:600' }
      : { scheduledAt: toIsoUtc(startMs + DAY + i * 1000) }),
    sourceCollection: 'events',
    sourceId: String(i),
  }));
}

function command(planned: PlannedNotification[]): ReconcileScheduled {
  return Object.assign(new ReconcileScheduled(), { sourceApp: 'events', planned });
}

interface Step {
  readonly name: string;
  readonly result: ReconcileResult;
  readonly dispatchMs: number;
  readonly handlerMs: number;
}

async function open(file: string): Promise<Application> {
  for (const suffix of ['', '-wal', '-shm']) {
    fs.rmSync(file + suffix, { force: true });
  }
  return Application.create({
    database: openSqliteDatabase({ file }),
    contexts: [notificationsContext()],
  });
}

/** Runs one step on two fresh-but-identical databases: through the bus, and the handler alone. */
async function step(
  name: string,
  apps: { bus: Application; direct: Application },
  planned: PlannedNotification[],
): Promise<Step> {
  let started = process.hrtime.bigint();
  const result = await apps.bus.dispatch(command(planned));
  const dispatchMs = Number(process.hrtime.bigint() - started) / 1e6;

  const handlerClass = notificationsContext().definition.commands?.find(
    (h: CommandHandlerClass) => h.handles.type === ReconcileScheduled.type,
  );
  if (!handlerClass) {
    throw new Error('reconcile handler is not registered');
  }
  const handler = apps.direct.container.get<CommandHandler<ReconcileScheduled>>(handlerClass);
  const validated = await apps.direct.bus.build(ReconcileScheduled, command(planned));
  started = process.hrtime.bigint();
  const direct = await handler.execute(validated);
  const handlerMs = Number(process.hrtime.bigint() - started) / 1e6;
  if (JSON.stringify(direct) !== JSON.stringify(result)) {
    throw new Error(
      `${name}: results differ ${JSON.stringify(direct)} vs ${JSON.stringify(result)}`,
    );
  }
  return { name, result, dispatchMs, handlerMs };
}

const rate = (n: number, ms: number): string =>
  `${Math.round((n / ms) * 1000).toLocaleString('en')}/s`;

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tickler-reconcile-bench-'));
  const apps = {
    bus: await open(path.join(dir, 'bus.sqlite')),
    direct: await open(path.join(dir, 'direct.sqlite')),
  };
  try {
    const first = plan(Date.now());
    const steps: Step[] = [];
    steps.push(await step('create (empty table)', apps, first));
    steps.push(await step('same plan again (all unchanged)', apps, first));
    const next = first
      .filter((_, i) => i % 10 !== 1)
      .map((p, i) => (i % 9 === 0 ? { ...p, title: `${p.title} (moved)` } : p));
    steps.push(await step('10 % drifted, 10 % removed', apps, next));

    console.log(
      `reconcile bench: ${ENTRIES} entries, ${USERS} users, Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? '?'}`,
    );
    console.log(
      '| step | plan entries | result | handler | handler rows/s | dispatch (with validation) | dispatch rows/s |',
    );
    console.log('| --- | ---: | --- | ---: | ---: | ---: | ---: |');
    for (const [i, s] of steps.entries()) {
      const n = i === 2 ? next.length : first.length;
      const r = s.result;
      console.log(
        `| ${s.name} | ${n} | +${r.created} ~${r.updated} =${r.unchanged} −${r.withdrawn} ×${r.pruned} | ${s.handlerMs.toFixed(0)} ms | ${rate(n, s.handlerMs)} | ${s.dispatchMs.toFixed(0)} ms | ${rate(n, s.dispatchMs)} |`,
      );
    }
  } finally {
    await apps.bus.stop();
    await apps.direct.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
