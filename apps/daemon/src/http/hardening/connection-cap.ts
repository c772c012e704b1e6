import { type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type Socket } from 'node:net';

/** The raw answer to a connection over the cap (no HTTP parsing has happened yet). */
function busyAnswer(max: number): string {
  const body = JSON.stringify({
    error: {
      code: 'HTTP.TOO_MANY_CONNECTIONS',
      message: `the daemon holds its maximum of ${max} connections; retry later`,
    },
  });
  return [
    'HTTP/1.1 503 Service Unavailable',
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Retry-After: 1',
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/** How many connections the daemon holds, and how it makes room. */
export interface ConnectionCapLimits {
  /** Open connections at once. */
  readonly max: number;
  /** Connections that have not carried an authenticated request, at once (before eviction). */
  readonly maxUnauthenticated: number;
  /** An unauthenticated connection idle at least this long (ms) may be closed to make room. */
  readonly evictIdleAfterMs: number;
}

/** Lets the cap know a connection carried an authenticated request. */
export interface ConnectionCap {
  markAuthenticated(socket: Socket): void;
}

/**
 * At most `max` open connections, and room kept for people who authenticate: a connection that
 * has not yet carried an authenticated request, has no request in flight and has been idle for
 * `evictIdleAfterMs` is closed to make room for a new one when the daemon holds `max` — or
 * `maxUnauthenticated` unauthenticated ones — oldest first. Only when none can be closed is the
 * new connection answered 503 and closed at once, so idle or slow clients cannot take every slot
 * (issue 29: 260 idle sockets made 8 of 30 authenticated requests fail).
 */
export function capConnections(server: Server, limits: ConnectionCapLimits): ConnectionCap {
  let open = 0;
  /** Unauthenticated connections, oldest first (a Map keeps insertion order), and since when idle. */
  const waiting = new Map<Socket, number>();
  const inFlight = new WeakMap<Socket, number>();

  const evictOne = (now: number): boolean => {
    for (const [socket, idleSince] of waiting) {
      if ((inFlight.get(socket) ?? 0) === 0 && now - idleSince >= limits.evictIdleAfterMs) {
        waiting.delete(socket);
        socket.destroy();
        return true;
      }
    }
    return false;
  };

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const socket = request.socket;
    inFlight.set(socket, (inFlight.get(socket) ?? 0) + 1);
    response.once('close', () => {
      inFlight.set(socket, Math.max(0, (inFlight.get(socket) ?? 1) - 1));
      if (waiting.has(socket)) {
        waiting.set(socket, performance.now()); // idle again from now
      }
    });
  });

  server.on('connection', (socket: Socket) => {
    const now = performance.now();
    if (waiting.size >= limits.maxUnauthenticated) {
      evictOne(now);
    }
    if (open >= limits.max && !evictOne(now)) {
      // Destroyed once written: a client that never closes its side must not keep the fd.
      socket.end(busyAnswer(limits.max), () => socket.destroy());
      return;
    }
    open++;
    waiting.set(socket, now);
    socket.once('close', () => {
      open--;
      waiting.delete(socket);
    });
  });

  return {
    markAuthenticated: (socket) => {
      waiting.delete(socket);
    },
  };
}
