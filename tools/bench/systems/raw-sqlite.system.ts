import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { type OnRun, type QueueSystem } from './system.port';

const CLAIM_BATCH = 1000;

/**
 * The physical limit: the minimal scheduler one would write by hand on better-sqlite3 with the
 * same durability as Tickler (WAL, synchronous=NORMAL): prepared statements, one partial index
 * on due rows, a batched claim (UPDATE … RETURNING), the no-op handlers, a batched delete; one
 * timer on the earliest pending row. No validation, no events, no leases beyond a status flag.
 */
export class RawSqliteSystem implements QueueSystem {
  readonly settings = `WAL, synchronous=NORMAL, prepared statements, claim ${CLAIM_BATCH} rows per transaction, one timer on the earliest row`;
  private db: BetterSqlite3.Database | undefined;
  private timer: NodeJS.Timeout | undefined;
  private timerDueMs = Number.POSITIVE_INFINITY;
  private onRun: OnRun | undefined;
  private running = false;
  private insert: BetterSqlite3.Statement | undefined;

  constructor(private readonly file: string) {}

  open(options: { clean: boolean }): Promise<void> {
    if (options.clean) {
      for (const suffix of ['', '-wal', '-shm']) {
        fs.rmSync(this.file + suffix, { force: true });
      }
    }
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    const db = new BetterSqlite3(this.file);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.exec(`create table if not exists jobs (
      id integer primary key, payload text not null, status integer not null default 0, run_at integer not null);
      create index if not exists jobs_due on jobs (run_at) where status = 0;`);
    this.db = db;
    this.insert = db.prepare('insert into jobs (payload, run_at) values (?, ?)');
    return Promise.resolve();
  }

  private get handle(): BetterSqlite3.Database {
    if (!this.db) {
      throw new Error('raw system is not open');
    }
    return this.db;
  }

  private get insertStatement(): BetterSqlite3.Statement {
    if (!this.insert) {
      throw new Error('raw system is not open');
    }
    return this.insert;
  }

  enqueueOne(runAtMs: number): Promise<void> {
    this.insertStatement.run(JSON.stringify({ s: runAtMs }), runAtMs);
    this.armAt(runAtMs);
    return Promise.resolve();
  }

  enqueueBulk(runAtMs: readonly number[]): Promise<void> {
    const insert = this.insertStatement;
    this.handle.transaction(() => {
      for (const at of runAtMs) {
        insert.run(JSON.stringify({ s: at }), at);
      }
    })();
    const earliest = Math.min(...runAtMs);
    this.armAt(earliest);
    return Promise.resolve();
  }

  startWorker(onRun: OnRun): Promise<void> {
    this.onRun = onRun;
    this.running = true;
    this.cycle();
    return Promise.resolve();
  }

  unsettled(): Promise<number> {
    const row = this.handle.prepare('select count(*) as n from jobs').get() as { n: number };
    return Promise.resolve(row.n);
  }

  dueCheck(): Promise<void> {
    this.handle
      .prepare('select id from jobs where status = 0 and run_at <= ? order by run_at limit ?')
      .all(Date.now(), CLAIM_BATCH);
    this.handle.prepare('select run_at from jobs where status = 0 order by run_at limit 1').get();
    return Promise.resolve();
  }

  close(options: { drop: boolean }): Promise<void> {
    this.running = false;
    if (this.timer) {
      clearTimeout(this.timer);
    }
    this.db?.close();
    this.db = undefined;
    if (options.drop) {
      for (const suffix of ['', '-wal', '-shm']) {
        fs.rmSync(this.file + suffix, { force: true });
      }
    }
    return Promise.resolve();
  }

  /** Arms the single timer for `runAtMs` unless one is already armed at or before it. */
  private armAt(runAtMs: number): void {
    if (!this.running || runAtMs >= this.timerDueMs) {
      return;
    }
    if (this.timer) {
      clearTimeout(this.timer);
    }
    this.timerDueMs = runAtMs;
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        this.timerDueMs = Number.POSITIVE_INFINITY;
        this.cycle();
      },
      Math.max(0, runAtMs - Date.now()),
    );
  }

  /** Claims and runs due batches until none is due, then arms one timer on the earliest row. */
  private cycle(): void {
    const db = this.handle;
    const claim = db.prepare(
      'update jobs set status = 1 where id in (select id from jobs where status = 0 and run_at <= ? order by run_at limit ?) and status = 0 returning id, payload',
    );
    const settle = db.prepare(
      'delete from jobs where id in (select value from json_each(?)) and status = 1',
    );
    const claimTx = db.transaction(
      (now: number) => claim.all(now, CLAIM_BATCH) as { id: number; payload: string }[],
    );
    for (;;) {
      const rows = claimTx(Date.now());
      if (rows.length === 0) {
        break;
      }
      for (const row of rows) {
        const payload = JSON.parse(row.payload) as { s: number };
        this.onRun?.(payload.s);
      }
      settle.run(JSON.stringify(rows.map((r) => r.id)));
    }
    const next = db
      .prepare('select run_at from jobs where status = 0 order by run_at limit 1')
      .get() as { run_at: number } | undefined;
    if (next) {
      this.armAt(next.run_at);
    }
  }
}
