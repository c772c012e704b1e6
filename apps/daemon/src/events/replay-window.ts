import { randomBytes } from 'node:crypto';

/** One event as written to the stream, kept for clients that reconnect. */
export interface RetainedEvent {
  /** Position in this process's stream; consecutive, starting at 1. */
  readonly seq: number;
  /** The stream id (`<epoch>-<seq>`) written as the event's `id:` line. */
  readonly id: string;
  /** The recipient the event concerns, for per-user streams; undefined = admin streams only. */
  readonly recipient: string | undefined;
  /** The full SSE frame (`id:`/`data:` lines and the blank line). */
  readonly frame: string;
}

/** How many events a {@link ReplayWindow} keeps: whichever bound is reached first. */
export interface ReplayLimits {
  /** Most events kept. Default 1,000. */
  readonly maxEvents: number;
  /** Most bytes of frames kept (titles and messages can be long). Default 4 MiB. */
  readonly maxBytes: number;
}

/** Defaults of {@link ReplayLimits}. */
export const DEFAULT_REPLAY_LIMITS: ReplayLimits = { maxEvents: 1_000, maxBytes: 4 * 1024 * 1024 };

/** What a reconnecting client gets: the events after its id, and whether some are gone. */
export interface Resumption {
  /** True when the id is unknown (another process, malformed) or older than the window. */
  readonly gap: boolean;
  readonly reason: 'unknown-id' | 'expired' | undefined;
  /** The events to send, oldest first, before any live one. */
  readonly events: readonly RetainedEvent[];
}

/** A `Last-Event-ID` this window can parse: `<epoch>-<seq>`. */
const STREAM_ID = /^([0-9a-f]{16})-([0-9]{1,15})$/;

/**
 * The bounded memory of recent stream events that makes `Last-Event-ID` resumption possible.
 * Ids are `<epoch>-<seq>`: the epoch is random per process, so an id from a previous daemon
 * process (the window is not persisted) is recognised as unknown rather than mistaken for a
 * position in this one; `seq` is monotonic, so "after this id" is a simple comparison.
 */
export class ReplayWindow {
  /** Random per process (8 bytes, hex). */
  readonly epoch = randomBytes(8).toString('hex');
  private readonly events: RetainedEvent[] = [];
  private bytes = 0;
  private nextSeq = 1;

  constructor(private readonly limits: ReplayLimits = DEFAULT_REPLAY_LIMITS) {}

  /** Assigns the next id, keeps the frame built with it, and drops the oldest past the limits. */
  append(recipient: string | undefined, frameOf: (id: string) => string): RetainedEvent {
    const seq = this.nextSeq++;
    const id = `${this.epoch}-${seq}`;
    const event: RetainedEvent = { seq, id, recipient, frame: frameOf(id) };
    this.events.push(event);
    this.bytes += event.frame.length;
    while (
      this.events.length > this.limits.maxEvents ||
      (this.bytes > this.limits.maxBytes && this.events.length > 1)
    ) {
      this.bytes -= this.events.shift()!.frame.length;
    }
    return event;
  }

  /**
   * The events after `lastEventId` that `visible` lets this client see. An id the window cannot
   * place (another process, malformed, in the future) or one older than its oldest event is a
   * gap: every retained event is newer than anything the client saw, so all of them follow.
   */
  resume(lastEventId: string, visible: (event: RetainedEvent) => boolean): Resumption {
    const match = STREAM_ID.exec(lastEventId);
    const seq = match && match[1] === this.epoch ? Number(match[2]) : undefined;
    const oldest = this.events[0]?.seq ?? this.nextSeq;
    let reason: Resumption['reason'];
    if (seq === undefined || seq >= this.nextSeq) {
      reason = 'unknown-id';
    } else if (seq + 1 < oldest) {
      reason = 'expired';
    }
    const after = reason === undefined ? seq! : 0;
    return {
      gap: reason !== undefined,
      reason,
      events: this.events.filter((e) => e.seq > after && visible(e)),
    };
  }

  /** Number of events kept (tests, metrics). */
  get size(): number {
    return this.events.length;
  }
}
