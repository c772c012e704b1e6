import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import BetterSqlite3 from 'better-sqlite3';
import { type OnRun, type QueueSystem } from './system.port';

/** Due rows per drain transaction: Tickler's `DeliverDueNotifications` default batch size. */
const BATCH = 500;
/** Rows per multi-row INSERT of the bulk path (7 values each, well under SQLite's 32,766). */
const BULK_ROWS = 100;

const DELIVERY_COLUMNS = '(id, recipient, title, message, scheduled_at, status)';

/**
 * Time-ordered text ids (like Tickler's UUIDv7: new rows land at the right edge of the primary
 * key's B-tree): 12 hex digits of epoch ms, a per-process random tag, a counter.
 */
function idGenerator(): () => string {
  const tag = randomBytes(6).toString('hex');
  let counter = 0;
  return () =>
    `${Date.now().toString(16).padStart(12, '0')}-${tag}-${(counter++).toString(16).padStart(8, '0')}`;
}

interface Statements {
  insertOne: BetterSqlite3.Statement;
  insertMany: BetterSqlite3.Statement;
  due: BetterSqlite3.Statement;
  inbox: BetterSqlite3.Statement;
  markSent: BetterSqlite3.Statement;
  next: BetterSqlite3.Statement;
}

interface DueRow {
  id: string;
  recipient: string;
  title: string;
  message: string;
  scheduled_at: string;
}

/**
 * The physical limit for the SAME work Tickler does for an inbox reminder, written by hand on
 * better-sqlite3 with the same durability (WAL, synchronous=NORMAL): a `deliveries` table with
 * what a reminder needs (text id, recipient, title, message, ISO instant, status, sent_at) and
 * a partial index on due rows; an `inbox` table readable per recipient. Enqueue = one INSERT
 * (bulk: multi-row INSERTs in one transaction). Drain = per batch, in one `BEGIN IMMEDIATE`:
 * read the due rows, INSERT their inbox rows, mark them sent with a status guard (row count
 * checked), then report each run after commit; one timer on the earliest due row. No
 * validation, no events, no audit log, no webhooks, no missed/expiry rules.
 */
export class RawInboxSystem implements QueueSystem {
  readonly settings = `WAL, synchronous=NORMAL, prepared statements; deliveries (7 columns, partial due index) → inbox rows (primary key + recipient index); ${BATCH} due rows per transaction (select, inbox INSERT, status-guarded UPDATE), one timer on the earliest due row`;
  private db: BetterSqlite3.Database | undefined;
  private statements: Statements | undefined;
  private timer: NodeJS.Timeout | undefined;
  private timerDueMs = Number.POSITIVE_INFINITY;
  private onRun: OnRun | undefined;
  private running = false;
  private readonly nextId = idGenerator();

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
    db.exec(`create table if not exists deliveries (
        id text primary key, recipient text not null, title text not null, message text not null,
        scheduled_at text not null, status text not null, sent_at text);
      create index if not exists deliveries_due on deliveries (scheduled_at) where status = 'scheduled';
      create table if not exists inbox (
        id text primary key, recipient text not null, delivery_id text not null, title text not null,
        message text not null, created_at text not null);
      create index if not exists inbox_recipient on inbox (recipient, created_at);`);
    this.db = db;
    this.statements = this.prepare(db);
    return Promise.resolve();
  }

  private prepare(db: BetterSqlite3.Database): Statements {
    const values = Array.from({ length: BULK_ROWS }, () => "(?, ?, ?, ?, ?, 'scheduled')").join(
      ', ',
    );
    return {
      insertOne: db.prepare(
        `insert into deliveries ${DELIVERY_COLUMNS} values (?, ?, ?, ?, ?, 'scheduled')`,
      ),
      insertMany: db.prepare(`insert into deliveries ${DELIVERY_COLUMNS} values ${values}`),
      due: db.prepare(
        "select id, recipient, title, message, scheduled_at from deliveries where status = 'scheduled' and scheduled_at <= ? order by scheduled_at limit ?",
      ),
      inbox: db.prepare(
        'insert into inbox (id, recipient, delivery_id, title, message, created_at) values (?, ?, ?, ?, ?, ?)',
      ),
      markSent: db.prepare(
        "update deliveries set status = 'sent', sent_at = ? where id = ? and status = 'scheduled'",
      ),
      next: db.prepare(
        "select scheduled_at from deliveries where status = 'scheduled' order by scheduled_at limit 1",
      ),
    };
  }

  private get s(): Statements {
    if (!this.statements) {
      throw new Error('raw inbox system is not open');
    }
    return this.statements;
  }

  private get handle(): BetterSqlite3.Database {
    if (!this.db) {
      throw new Error('raw inbox system is not open');
    }
    return this.db;
  }

  enqueueOne(runAtMs: number): Promise<void> {
    this.s.insertOne.run(
      this.nextId(),
      'bench-user',
      'Reminder',
      'bench',
      new Date(runAtMs).toISOString(),
    );
    this.armAt(runAtMs);
    return Promise.resolve();
  }

  enqueueBulk(runAtMs: readonly number[]): Promise<void> {
    const { insertOne, insertMany } = this.s;
    this.handle.transaction(() => {
      let i = 0;
      const params: string[] = [];
      for (; i + BULK_ROWS <= runAtMs.length; i += BULK_ROWS) {
        params.length = 0;
        for (let j = i; j < i + BULK_ROWS; j++) {
          params.push(
            this.nextId(),
            'bench-user',
            'Reminder',
            'bench',
            new Date(runAtMs[j] as number).toISOString(),
          );
        }
        insertMany.run(params);
      }
      for (; i < runAtMs.length; i++) {
        insertOne.run(
          this.nextId(),
          'bench-user',
          'Reminder',
          'bench',
          new Date(runAtMs[i] as number).toISOString(),
        );
      }
    })();
    this.armAt(Math.min(...runAtMs));
    return Promise.resolve();
  }

  startWorker(onRun: OnRun): Promise<void> {
    this.onRun = onRun;
    this.running = true;
    this.cycle();
    return Promise.resolve();
  }

  unsettled(): Promise<number> {
    const row = this.handle
      .prepare("select count(*) as n from deliveries where status = 'scheduled'")
      .get() as { n: number };
    return Promise.resolve(row.n);
  }

  dueCheck(): Promise<void> {
    this.s.due.all(new Date().toISOString(), BATCH);
    this.s.next.get();
    return Promise.resolve();
  }

  close(options: { drop: boolean }): Promise<void> {
    this.running = false;
    if (this.timer) {
      clearTimeout(this.timer);
    }
    this.db?.close();
    this.db = undefined;
    this.statements = undefined;
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

  /** One batch in one write transaction: due rows → inbox rows → status-guarded UPDATE. */
  private readonly deliverBatch = (nowIso: string): DueRow[] => {
    const { due, inbox, markSent } = this.s;
    const rows = due.all(nowIso, BATCH) as DueRow[];
    for (const row of rows) {
      inbox.run(this.nextId(), row.recipient, row.id, row.title, row.message, nowIso);
      if (markSent.run(nowIso, row.id).changes !== 1) {
        // Another writer settled it first: roll the whole batch back, inbox rows included.
        throw new Error(`delivery ${row.id} was settled concurrently`);
      }
    }
    return rows;
  };

  /** Delivers due batches until none is due, then arms one timer on the earliest due row. */
  private cycle(): void {
    const batch = this.handle.transaction(this.deliverBatch);
    for (;;) {
      const rows = batch.immediate(new Date().toISOString());
      // After commit, like Tickler's NotificationSentEvent.
      for (const row of rows) {
        this.onRun?.(Date.parse(row.scheduled_at));
      }
      if (rows.length < BATCH) {
        break;
      }
    }
    const next = this.s.next.get() as { scheduled_at: string } | undefined;
    if (next) {
      this.armAt(Date.parse(next.scheduled_at));
    }
  }
}
