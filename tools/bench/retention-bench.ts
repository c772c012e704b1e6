// Retention (issue 33): `node -r ./packages/testing/swc-register.js tools/bench/retention-bench.ts [rows]`
// (or built: `npx tsc -b tools/tsconfig.lib.json && node tools/dist/bench/retention-bench.js`).
// A fresh SQLite file (WAL, synchronous=NORMAL, auto_vacuum=INCREMENTAL) seeded with `rows`
// (default 1,000,000) finished deliveries, each with its inbox row, older than the window; then
// PruneExpired runs until nothing is left. Reported: the wall time of the whole prune, the
// longest single batch transaction (the write lock's longest hold: the most a due delivery can
// wait behind it), and the file size before and after.
import 'reflect-metadata';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  Application,
  ManualClock,
  openSqliteDatabase,
  type UnitOfWork,
  CORE_TOKENS,
} from '@tickler/core';
import { PruneExpired } from '@tickler/notifications';
import { notificationsContext } from '@tickler/notifications/context';
import { sql } from 'kysely';

const NOW = '2027-06-01T00:00:00.000Z';
const OLD = '2027-01-01T00:00:00.000Z';

async function main(): Promise<void> {
  const rows = Number(process.argv[2] ?? 1_000_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tickler-retention-bench-'));
  const file = path.join(dir, 'bench.db');
  const app = await Application.create({
    database: openSqliteDatabase({ file }),
    contexts: [notificationsContext({ retention: '90d' })],
    clock: new ManualClock(NOW),
  });
  const db = app.database.kysely;
  let started = Date.now();
  await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${rows})
    insert into notification_deliveries (id, recipient_id, scheduled_at, status, attempts,
      last_error, sent_at, inbox_id, source_app, source_key, source_rule, idempotency_key,
      missed_reason, created_at, updated_at, due_at, sort_at, deferred_from, digest_id)
    select printf('d%08d', i), printf('user%d', i % 997), null, 'sent', 1, null, ${OLD},
      printf('d%08d', i), null, null, null, null, null, ${OLD}, ${OLD}, null, ${OLD}, null, null
    from n`.execute(db);
  await sql`insert into notification_bodies (id, channels, title, message, url, source_collection,
      source_id, event_at, expires_at, snoozed_from, priority)
    select id, null, 'Bins out', 'Trash and recycling.', null, null, null, null, null, null,
      'normal' from notification_deliveries`.execute(db);
  await sql`insert into notification_inbox (id, recipient_id, notification_id, title, message, url, created_at, read_at)
    select d.id, d.recipient_id, d.id, b.title, b.message, null, ${OLD}, null
    from notification_deliveries d join notification_bodies b on b.id = d.id`.execute(db);
  const seedMs = Date.now() - started;
  const sizeBefore =
    fs.statSync(file).size + (fs.statSync(`${file}-wal`, { throwIfNoEntry: false })?.size ?? 0);

  // Time every batch transaction: the unit of work's run, wrapped.
  const uow = app.get<UnitOfWork>(CORE_TOKENS.UnitOfWork);
  const run = uow.run.bind(uow);
  const batches: number[] = [];
  uow.run = (async (fn: Parameters<UnitOfWork['run']>[0]) => {
    const t0 = process.hrtime.bigint();
    try {
      return await run(fn);
    } finally {
      batches.push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
  }) as UnitOfWork['run'];

  started = Date.now();
  let runs = 0;
  let pruned = 0;
  for (;;) {
    runs++;
    const result = await app.dispatch(new PruneExpired());
    pruned += result.deliveries;
    if (!result.more) {
      break;
    }
  }
  const pruneMs = Date.now() - started;
  await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
  const sizeAfter = fs.statSync(file).size;
  const sorted = [...batches].sort((a, b) => a - b);
  const p = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  process.stdout.write(
    `${JSON.stringify(
      {
        rows,
        seedMs,
        pruned,
        runs,
        pruneMs,
        transactions: batches.length,
        batchMsP50: Number(p(0.5).toFixed(1)),
        batchMsP99: Number(p(0.99).toFixed(1)),
        batchMsMax: Number((sorted.at(-1) ?? 0).toFixed(1)),
        fileMiBBefore: Number((sizeBefore / 2 ** 20).toFixed(1)),
        fileMiBAfter: Number((sizeAfter / 2 ** 20).toFixed(1)),
      },
      null,
      2,
    )}\n`,
  );
  await app.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error instanceof Error ? error.stack : error)}\n`);
  process.exit(1);
});
