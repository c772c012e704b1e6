import { AsyncResource } from 'node:async_hooks';

/** One call waiting for a shared transaction. */
export interface GroupedCall<C> {
  /**
   * The caller's work, given what the group shares (its connection), bound to the caller's
   * async context (its AsyncLocalStorage values).
   */
  readonly work: (shared: C) => Promise<unknown>;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * Most calls one shared transaction takes: the rest wait for the next one (a bound on the time
 * the first of them waits for its commit, and on the connection's hold).
 */
export const MAX_GROUP = 64;

/**
 * Group commit's queue: calls made during one turn of the event loop (e.g. the requests Node
 * read from every ready socket in one poll) are handed together to `runGroup`, which runs them
 * in one transaction. The first call of a group waits one `setImmediate` (no timer) for the
 * others; a group is run only after the previous one settled, and calls made meanwhile form the
 * next. On SQLite a commit writes the changed pages to the WAL, a cost shared by the group.
 */
export class GroupCommitQueue<C> {
  private readonly waiting: GroupedCall<C>[] = [];
  private scheduled = false;

  constructor(private readonly runGroup: (calls: GroupedCall<C>[]) => Promise<void>) {}

  /**
   * Queues `work` for the next group; settles as `runGroup` settles it (after the group's
   * commit, with the value `runGroup` gives it).
   */
  submit<R>(work: (shared: C) => Promise<unknown>): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      // The caller's async context (AsyncResource.bind would cost a deprecation wrapper per call).
      const context = new AsyncResource('tickler.grouped-call');
      this.waiting.push({
        work: (shared: C) => context.runInAsyncScope(work, null, shared),
        resolve: resolve as (value: unknown) => void,
        reject,
      });
      this.schedule();
    });
  }

  /** Puts calls that never ran back at the head of the queue (their group broke off). */
  requeue(calls: readonly GroupedCall<C>[]): void {
    this.waiting.unshift(...calls);
  }

  private schedule(): void {
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => void this.flush());
    }
  }

  private async flush(): Promise<void> {
    const calls = this.waiting.splice(0, MAX_GROUP);
    try {
      await this.runGroup(calls);
    } catch (error) {
      // runGroup settles every call it ran; one it threw past (e.g. BEGIN failed) fails here.
      for (const call of calls) {
        call.reject(error);
      }
    }
    this.scheduled = false;
    if (this.waiting.length > 0) {
      this.schedule();
    }
  }
}
