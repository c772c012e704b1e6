import { type ServerResponse } from 'node:http';
import { type Clock, type DomainEvent, type EventBus, type TimerHandle } from '@tickler/core';
import { HttpBoundaryError } from '../http/http.errors';
import { DEFAULT_REPLAY_LIMITS, type ReplayLimits, ReplayWindow } from './replay-window';

/** Heartbeat comment period: keeps proxies and idle-timeouts from closing a quiet stream. */
export const HEARTBEAT_MS = 15_000;

/** A client that has buffered this much unsent data is too slow for a best-effort stream. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

interface StreamClient {
  readonly response: ServerResponse;
  /** Only events whose payload names this recipient; undefined = every event (admin). */
  readonly userId: string | undefined;
  /** Who opened it (`user:<id>` or `admin`), for the per-person cap. */
  readonly owner: string;
}

/** How many streams may be open. */
export interface StreamCaps {
  readonly perPerson: number;
  readonly total: number;
}

/** The recipient an event concerns, when its payload names one. */
export function recipientOf(event: DomainEvent): string | undefined {
  const recipient = event.payload.recipientId;
  return typeof recipient === 'string' ? recipient : undefined;
}

/** Whether a stream client may see an event about `recipient` (admin streams see all). */
function sees(client: StreamClient, recipient: string | undefined): boolean {
  return client.userId === undefined || client.userId === recipient;
}

/**
 * Server-sent events of committed domain events: one `id:` + `data:` JSON frame per event for
 * every connected client whose filter matches. The hub listens from its creation on and keeps
 * the recent frames in a bounded {@link ReplayWindow}, so a client that reconnects with
 * `Last-Event-ID` gets what it missed, or a `stream.gap` event when the window no longer holds
 * it (or the id came from another daemon process). One heartbeat timer (on the application's
 * clock) serves all clients, and exists only while a client does.
 */
export class EventStreamHub {
  private readonly clients = new Set<StreamClient>();
  private unsubscribe: (() => void) | undefined;
  private heartbeat: TimerHandle | undefined;
  private readonly window: ReplayWindow;

  constructor(
    events: EventBus,
    private readonly clock: Clock,
    private readonly heartbeatMs = HEARTBEAT_MS,
    private readonly caps: StreamCaps = { perPerson: 8, total: 64 },
    replay: ReplayLimits = DEFAULT_REPLAY_LIMITS,
  ) {
    this.window = new ReplayWindow(replay);
    // From the start, not from the first client: events published while nobody listens are
    // what a reconnecting client needs.
    this.unsubscribe = events.subscribe('*', (event) => this.broadcast(event));
  }

  /**
   * Refuses a stream over the caps: 429 for one more of the same person, 503 when the daemon
   * holds its total. Called before anything is written, so the refusal is an ordinary answer.
   */
  admit(owner: string): void {
    let mine = 0;
    for (const client of this.clients) {
      mine += client.owner === owner ? 1 : 0;
    }
    if (mine >= this.caps.perPerson) {
      throw new HttpBoundaryError(
        'HTTP.TOO_MANY_STREAMS',
        `this person already holds ${this.caps.perPerson} live event streams; close one first`,
      );
    }
    if (this.clients.size >= this.caps.total) {
      throw new HttpBoundaryError(
        'HTTP.SERVER_BUSY',
        `the daemon holds its maximum of ${this.caps.total} live event streams; retry later`,
      );
    }
  }

  /**
   * Opens a stream on a raw response (after {@link admit}); it ends when the client goes away or
   * the hub closes. With `lastEventId` (the client's `Last-Event-ID`), the retained events after
   * it are written first, preceded by a `stream.gap` event when some may be lost.
   */
  open(
    response: ServerResponse,
    userId: string | undefined,
    owner = '',
    lastEventId?: string,
  ): void {
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    response.write(': connected\n\n');
    const client: StreamClient = { response, userId, owner };
    if (lastEventId !== undefined) {
      // Synchronous up to `clients.add`: no event can slip between the replay and live ones.
      this.replay(client, lastEventId);
    }
    this.clients.add(client);
    response.on('close', () => this.remove(client));
    this.armHeartbeat();
  }

  /** Number of open streams (metrics, tests). */
  get size(): number {
    return this.clients.size;
  }

  /** Number of events held for reconnecting clients. */
  get retained(): number {
    return this.window.size;
  }

  /** Ends every stream and stops listening (server shutdown). */
  closeAll(): void {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    for (const client of [...this.clients]) {
      client.response.end();
      this.remove(client);
    }
  }

  private replay(client: StreamClient, lastEventId: string): void {
    const resumption = this.window.resume(lastEventId, (e) => sees(client, e.recipient));
    if (resumption.gap) {
      // No `id:` line: the client keeps its last id until a real event moves it on.
      client.response.write(
        `event: stream.gap\ndata: ${JSON.stringify({
          type: 'stream.gap',
          lastEventId,
          reason: resumption.reason,
          replayed: resumption.events.length,
        })}\n\n`,
      );
    }
    for (const event of resumption.events) {
      client.response.write(event.frame);
    }
  }

  private broadcast(event: DomainEvent): void {
    const recipient = recipientOf(event);
    const retained = this.window.append(
      recipient,
      (id) =>
        `id: ${id}\ndata: ${JSON.stringify({
          type: event.type,
          eventId: event.eventId,
          aggregateId: event.aggregateId,
          occurredAt: event.occurredAt,
          payload: event.payload,
        })}\n\n`,
    );
    for (const client of this.clients) {
      if (sees(client, recipient)) {
        this.write(client, retained.frame);
      }
    }
  }

  private write(client: StreamClient, text: string): void {
    if (client.response.writableLength > MAX_BUFFERED_BYTES) {
      client.response.destroy();
      this.remove(client);
      return;
    }
    client.response.write(text);
  }

  private remove(client: StreamClient): void {
    this.clients.delete(client);
    if (this.clients.size === 0) {
      if (this.heartbeat) {
        this.clock.clearTimer(this.heartbeat);
        this.heartbeat = undefined;
      }
    }
  }

  private armHeartbeat(): void {
    if (this.heartbeat) {
      return;
    }
    this.heartbeat = this.clock.setTimer(() => {
      this.heartbeat = undefined;
      for (const client of [...this.clients]) {
        this.write(client, ': heartbeat\n\n');
      }
      if (this.clients.size > 0) {
        this.armHeartbeat();
      }
    }, this.heartbeatMs);
  }
}
