/** Called by a system's worker for every item it runs (the no-op handler's only work). */
export type OnRun = (scheduledMs: number) => void;

/**
 * What every system under test offers the workloads. Each call maps to the system's own public
 * API; the handler is a no-op that records when it ran.
 */
export interface QueueSystem {
  /** Human description of the settings used (goes into the report). */
  readonly settings: string;
  /** Opens connections; with `clean`, starts from empty storage. Throws `UnavailableError` when the back end is down. */
  open(options: { clean: boolean }): Promise<void>;
  /** One item due at `runAtMs`, one call, one durable write. */
  enqueueOne(runAtMs: number): Promise<void>;
  /** Many items through the system's bulk API, in one call. */
  enqueueBulk(runAtMs: readonly number[]): Promise<void>;
  /** Starts consuming with a no-op handler that reports each run. */
  startWorker(onRun: OnRun): Promise<void>;
  /** Items not yet settled (pending, delayed, running). */
  unsettled(): Promise<number>;
  /** One due check as the system's worker would run it with nothing due; absent when not observable. */
  dueCheck?(): Promise<void>;
  /** Server-side operation counter (for idle), with what it counts. */
  serverOps?(): Promise<{ value: number; label: string }>;
  /** Stops workers and closes connections; with `drop`, removes the system's storage. */
  close(options: { drop: boolean }): Promise<void>;
}

/** The back end of a peer is not reachable: reported as "not run", never as a failure. */
export class UnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnavailableError';
  }
}
