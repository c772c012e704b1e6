import { CliError } from '../cli.error';
import { type Connection } from '../client/connection';
import { SseParser, type SseEvent } from './sse-parser';

/** How the follower waits between connection attempts. */
export interface Backoff {
  /** First wait after a drop, in ms. */
  readonly initialMs: number;
  /** Longest wait, in ms. */
  readonly maxMs: number;
}

/** Defaults: 0.5 s doubling to 30 s; a successful connection starts over. */
export const DEFAULT_BACKOFF: Backoff = { initialMs: 500, maxMs: 30_000 };

/**
 * Silence after which a connection counts as dead: the daemon writes a heartbeat every 15 s,
 * so three missed ones mean a half-open TCP connection (a laptop that slept, a dropped VPN).
 */
export const IDLE_MS = 45_000;

/** What the follower tells its owner besides events. */
export interface FollowerHooks {
  /** Each event, in stream order, never twice. */
  onEvent(event: SseEvent): void | Promise<void>;
  /** A connection was opened (`resumed` = it sent `Last-Event-ID`). */
  onConnected(resumed: boolean): void;
  /** A connection ended or failed; the next attempt is in `retryInMs`. */
  onDropped(reason: string, retryInMs: number): void;
}

/** Statuses that will not change by retrying: bad user id, bad or revoked token. */
const FATAL = new Set([400, 401, 403, 404]);

/** `<epoch>-<seq>` ids of one daemon process compare by `seq`. */
function position(id: string): { epoch: string; seq: number } | undefined {
  const match = /^(.+)-(\d+)$/.exec(id);
  return match ? { epoch: match[1]!, seq: Number(match[2]) } : undefined;
}

/**
 * Follows a daemon event stream for as long as `signal` allows: reconnects after any drop with
 * capped exponential backoff and resumes with `Last-Event-ID`, so the daemon replays what
 * happened meanwhile (or says `stream.gap`). An event at or before the last one handled (same
 * daemon process) is dropped, so nothing is handled twice even if a replay overlaps.
 */
export class EventFollower {
  private lastEventId: string | undefined;
  /** Whether the current attempt got a stream (a drop after that starts the backoff over). */
  private established = false;

  constructor(
    private readonly connection: Connection,
    private readonly path: string,
    private readonly hooks: FollowerHooks,
    private readonly backoff: Backoff = DEFAULT_BACKOFF,
    private readonly idleMs = IDLE_MS,
  ) {}

  /** Runs until `signal` aborts (resolves) or the daemon refuses for good (rejects). */
  async run(signal: AbortSignal): Promise<void> {
    let wait = this.backoff.initialMs;
    while (!signal.aborted) {
      let reason: string;
      this.established = false;
      try {
        await this.once(signal);
        reason = 'the daemon ended the stream';
      } catch (error) {
        if (error instanceof CliError) {
          throw error;
        }
        reason = describe(error);
        if (signal.aborted) {
          return;
        }
      }
      if (signal.aborted) {
        return;
      }
      if (this.established) {
        wait = this.backoff.initialMs;
      }
      this.hooks.onDropped(reason, wait);
      await sleep(wait, signal);
      wait = Math.min(wait * 2, this.backoff.maxMs);
    }
  }

  /** One connection, until it ends or fails. */
  private async once(outer: AbortSignal): Promise<void> {
    const controller = new AbortController();
    const abort = () => controller.abort();
    outer.addEventListener('abort', abort, { once: true });
    let idle: NodeJS.Timeout | undefined;
    const touch = () => {
      clearTimeout(idle);
      idle = setTimeout(() => controller.abort(new Error('no heartbeat')), this.idleMs);
    };
    try {
      touch();
      const resumed = this.lastEventId !== undefined;
      const response = await fetch(`${this.connection.url}${this.path}`, {
        headers: {
          authorization: `Bearer ${this.connection.token}`,
          accept: 'text/event-stream',
          ...(resumed ? { 'last-event-id': this.lastEventId! } : {}),
        },
        signal: controller.signal,
      });
      if (!response.ok || !response.body) {
        const text = await response.text().catch(() => '');
        if (FATAL.has(response.status)) {
          throw new CliError(
            `the daemon at ${this.connection.url} refused the event stream (${response.status}): ${text.slice(0, 300)}`,
          );
        }
        throw new Error(`the daemon answered ${response.status}`);
      }
      this.established = true;
      this.hooks.onConnected(resumed);
      const parser = new SseParser();
      const decoder = new TextDecoder();
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) {
          return;
        }
        touch();
        for (const event of parser.feed(decoder.decode(value, { stream: true }))) {
          await this.handle(event);
        }
      }
    } catch (error) {
      // An idle abort surfaces as fetch's AbortError: report why it was aborted instead.
      throw controller.signal.aborted && controller.signal.reason instanceof Error
        ? controller.signal.reason
        : error;
    } finally {
      clearTimeout(idle);
      outer.removeEventListener('abort', abort);
    }
  }

  private async handle(event: SseEvent): Promise<void> {
    if (event.id !== undefined) {
      const last = this.lastEventId === undefined ? undefined : position(this.lastEventId);
      const next = position(event.id);
      if (last && next && last.epoch === next.epoch && next.seq <= last.seq) {
        return;
      }
    }
    await this.hooks.onEvent(event);
    // Moved only after the event was handled: a crash in between re-asks for it, never skips it.
    if (event.id !== undefined) {
      this.lastEventId = event.id;
    }
  }
}

function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message ?? String(error);
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
