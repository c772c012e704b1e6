import { Worker } from 'node:worker_threads';
import { walCheckpointWorkerSource } from './wal-checkpoint-worker-source';

/**
 * Where the checkpoint thread finds better-sqlite3: a path `require` can load it from, or (a
 * packaged app, with no such file) its whole code as one CommonJS bundle, with the file of its
 * native addon.
 */
export type CheckpointWorkerModule =
  | { readonly module: string; readonly nativeBinding?: string }
  | { readonly bundle: () => string; readonly nativeBinding: string };

/** What became of the checkpoint thread (for the application's log). */
export type CheckpointThreadEvent = { readonly started: true } | { readonly failed: string };

/** Options of {@link WalCheckpointer}. */
export interface WalCheckpointerOptions {
  /** The database file (in WAL mode, already open in this process). */
  readonly file: string;
  /** Where the thread loads better-sqlite3 from (asked when the thread starts). */
  readonly worker: () => CheckpointWorkerModule;
  /**
   * Sets the application connection's `wal_autocheckpoint` (pages): raised to `fallbackPages`
   * at construction, back to SQLite's 1,000 when the thread has failed.
   */
  readonly setAutocheckpoint: (pages: number) => void;
  /** At most one ask per this many ms while commits come in. Default 100. */
  readonly minIntervalMs?: number;
  /**
   * Frames waiting in the WAL before the thread checkpoints them. Default 1,000, SQLite's own
   * autocheckpoint: a complete checkpoint makes the next commit restart the WAL, which fsyncs
   * its header on the committing connection, so smaller steps would cost the event loop more.
   */
  readonly minFrames?: number;
  /** The application connection's own bound while the thread runs. Default 10,000 (≈ 40 MB). */
  readonly fallbackPages?: number;
  /** Told of every checkpoint the thread ran (tests and measurements). */
  readonly onCheckpoint?: (result: CheckpointResult) => void;
  /** Told once when the thread is ready, and once if it fails. */
  readonly onThread?: (event: CheckpointThreadEvent) => void;
}

/** What one `wal_checkpoint(PASSIVE)` of the thread reported. */
export interface CheckpointResult {
  /** Frames in the WAL. */
  readonly log: number;
  /** Frames copied into the database file. */
  readonly checkpointed: number;
  /** 1 when another connection's checkpoint held the lock. */
  readonly busy: number;
}

/** SQLite's own default autocheckpoint, in pages. */
const SQLITE_AUTOCHECKPOINT = 1000;

/**
 * Checkpoints a WAL database from a thread of its own. SQLite's autocheckpoint runs on the
 * committing connection — on the event loop, for better-sqlite3 — and copies the WAL into the
 * database file and fsyncs both: measured ≈ 12 ms of stall every ~13 group commits under HTTP
 * load (docs/benchmarks.md, issue 28 item 5), which every request in flight waits for. Here a
 * second connection in a worker thread runs `wal_checkpoint(PASSIVE)` (it never blocks the
 * writer or readers) when commits have left `minFrames` frames in the WAL (looked at no more
 * than once per `minIntervalMs` while commits come in, by the thread), and the
 * application connection's autocheckpoint is raised to a fallback bound in case the thread
 * lags. The thread starts on the first commit after open, so a database that is only read, or
 * a test that writes little, never starts one; when nothing commits it gets no message and no
 * timer runs (an idle sidecar stays asleep). A thread that fails puts SQLite's own
 * autocheckpoint back. A kill at any instant is safe: a checkpoint is crash-safe by SQLite's
 * design, and the last connection to close checkpoints what is left.
 */
export class WalCheckpointer {
  private worker: Worker | undefined;
  private failure: string | undefined;
  private closed = false;
  private lastAskMs = Number.NEGATIVE_INFINITY;
  private readonly minIntervalMs: number;

  constructor(private readonly options: WalCheckpointerOptions) {
    this.minIntervalMs = options.minIntervalMs ?? 100;
    // At once rather than when the thread is ready: a statement at open, not one in the
    // middle of whatever minute the first commit falls in (the idle-statements spec counts
    // them). Until the first commit the WAL does not grow; a thread that fails puts it back.
    options.setAutocheckpoint(options.fallbackPages ?? 10_000);
  }

  /** True while a thread is running (started, not failed, not closed). */
  get running(): boolean {
    return this.worker !== undefined;
  }

  /** Why the thread failed, once it has (SQLite's own autocheckpoint is back then). */
  get failed(): string | undefined {
    return this.failure;
  }

  /** Called after every COMMIT of the application connection: cheap unless an ask is due. */
  committed(): void {
    if (this.failure !== undefined || this.closed) {
      return;
    }
    const now = performance.now();
    if (now - this.lastAskMs < this.minIntervalMs) {
      return;
    }
    this.lastAskMs = now;
    (this.worker ?? this.start())?.postMessage('checkpoint');
  }

  /** Ends the thread after its checkpoint in progress (its connection closed first). */
  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    this.worker = undefined;
    if (worker === undefined) {
      return;
    }
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    // Held until it has exited: with nothing else left, an unreferenced thread would let the
    // process end while close() still waits for it.
    worker.ref();
    worker.postMessage('close');
    await exited;
  }

  /**
   * Starts the thread, or fails without throwing: this runs right after a COMMIT, and an error
   * here would reach a caller whose transaction is already durable.
   */
  private start(): Worker | undefined {
    try {
      return this.startThread();
    } catch (error) {
      this.fail(error instanceof Error ? error.message : String(error));
      return undefined;
    }
  }

  private startThread(): Worker {
    const where = this.options.worker();
    const source =
      'bundle' in where ? walCheckpointWorkerSource(where.bundle()) : walCheckpointWorkerSource();
    const worker = new Worker(source, {
      eval: true,
      workerData: {
        file: this.options.file,
        module: 'module' in where ? where.module : undefined,
        nativeBinding: where.nativeBinding,
        minFrames: this.options.minFrames ?? SQLITE_AUTOCHECKPOINT,
      },
      // A small heap: the thread holds one connection and a few result rows.
      resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 4 },
      stdout: false,
      stderr: false,
    });
    // The thread never keeps the process alive; close() ends it.
    worker.unref();
    worker.on('message', (message: WorkerMessage) => this.heard(message));
    worker.on('error', (error) => this.fail(error.message));
    worker.on('exit', (code) => {
      if (!this.closed) {
        this.fail(`the checkpoint thread exited (${code})`);
      }
    });
    this.worker = worker;
    return worker;
  }

  private heard(message: WorkerMessage): void {
    if ('ready' in message) {
      if (this.failure === undefined && !this.closed) {
        this.options.onThread?.({ started: true });
      }
    } else if ('error' in message) {
      this.fail(message.error);
    } else {
      this.options.onCheckpoint?.(message);
    }
  }

  private fail(reason: string): void {
    if (this.failure !== undefined) {
      return;
    }
    this.failure = reason;
    this.worker = undefined;
    if (!this.closed) {
      this.options.setAutocheckpoint(SQLITE_AUTOCHECKPOINT);
      this.options.onThread?.({ failed: reason });
    }
  }
}

type WorkerMessage = { ready: true } | { error: string } | CheckpointResult;
