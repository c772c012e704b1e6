import path from 'node:path';
import { Worker } from 'node:worker_threads';
import {
  type IcsImporter,
  type ImportOutcome,
  type ImportSettings,
} from '../../application/ports/ics-importer.port';

/** How the import worker is started. */
export interface ImportWorkerOptions {
  /**
   * The worker's entry file. Default: the source given to {@link useImportWorkerSource}, else
   * the built `ics-import.worker.js` beside this file.
   */
  readonly file?: string;
  /** Node options of the worker (tests run the TypeScript entry with a transpiling hook). */
  readonly execArgv?: readonly string[];
  /** Imports running at once (each is a thread with its own heap). Default 2. */
  readonly concurrency?: number;
  /** Heap limit of one worker, in MiB. Default 256. */
  readonly maxHeapMb?: number;
}

/** The worker's whole code (one CommonJS bundle needing only Node's built-in modules). */
export type ImportWorkerSource = () => string;

let embeddedSource: ImportWorkerSource | undefined;

/**
 * For a process whose files are not on disk — the packaged sidecar, one bundle inside one
 * executable, where no `ics-import.worker.js` lies beside this code: every later import starts
 * its worker from this code (`new Worker(code, { eval: true })`) instead of the file, with the
 * same heap and time limits. Called once at start-up, before the calendar context is built.
 */
export function useImportWorkerSource(source: ImportWorkerSource): void {
  embeddedSource = source;
}

/**
 * Runs each import in a fresh worker thread: the daemon's event loop never parses a calendar
 * file, a heap limit bounds its memory, and a worker still busy after `limits.maxMillis` is
 * terminated — the source gets "took longer than …" and the daemon carries on. At most
 * `concurrency` imports run at once; the others wait their turn.
 */
export class WorkerIcsImporter implements IcsImporter {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly options: ImportWorkerOptions = {}) {}

  async import(text: string, settings: ImportSettings): Promise<ImportOutcome> {
    await this.turn();
    try {
      return await this.run(text, settings);
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }

  private async turn(): Promise<void> {
    if (this.running >= (this.options.concurrency ?? 2)) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    this.running++;
  }

  private run(text: string, settings: ImportSettings): Promise<ImportOutcome> {
    const heap = this.options.maxHeapMb ?? 256;
    const embedded = this.options.file === undefined ? embeddedSource : undefined;
    const entry = embedded?.() ?? this.options.file ?? path.join(__dirname, 'ics-import.worker.js');
    const worker = new Worker(entry, {
      eval: embedded !== undefined,
      execArgv: [...(this.options.execArgv ?? [])],
      resourceLimits: { maxOldGenerationSizeMb: heap, maxYoungGenerationSizeMb: 32 },
      stdout: false,
      stderr: false,
    });
    return new Promise<ImportOutcome>((resolve) => {
      let settled = false;
      const finish = (outcome: ImportOutcome): void => {
        if (!settled) {
          settled = true;
          clearTimeout(timer);
          void worker.terminate();
          resolve(outcome);
        }
      };
      const seconds = Math.round(settings.limits.maxMillis / 1000);
      // A resource limit, not a schedule: the wall clock the import may take.
      const timer = setTimeout(
        () =>
          finish({
            ok: false,
            error: `reading the file took longer than ${seconds} s (a recurrence rule that never matches?)`,
          }),
        settings.limits.maxMillis,
      );
      worker.once('message', (outcome: ImportOutcome) => finish(outcome));
      worker.once('error', (error: Error) =>
        finish({
          ok: false,
          error:
            (error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY'
              ? `reading the file needed more than ${heap} MiB`
              : `the file could not be read: ${error.message.slice(0, 200)}`,
        }),
      );
      worker.once('exit', (code) =>
        finish({ ok: false, error: `the reader stopped unexpectedly (exit ${code})` }),
      );
      worker.postMessage({ text, settings });
    });
  }
}
