import { type IncomingMessage } from 'node:http';
import { type Socket } from 'node:net';
import { type FastifyReply, type FastifyRequest } from 'fastify';
import { DISCARD_LIMIT_FACTOR, type HttpLimits } from './http-limits';

/** How much of a refused body the daemon reads and throws away before it closes the connection. */
export interface DiscardBound {
  /** Bytes read after the refusal at most; one more and the connection is destroyed. */
  readonly maxBytes: number;
  /** Time after the refusal at most (ms); then the connection is destroyed. */
  readonly timeoutMs: number;
}

/** Requests whose body the JSON parser refused (too large, malformed, over a count limit). */
const refused = new WeakSet<IncomingMessage>();

/** Records that the body of `request` was refused: its answer closes the connection. */
export function markBodyRefused(request: IncomingMessage): void {
  refused.add(request);
}

/**
 * For an error answer: when the body was refused (a 413, or the JSON parser's 400/415), the
 * answer says `Connection: close` and the rest of the body is discarded within the route's bound
 * ({@link discardRestOfBody}) while it goes out.
 */
export function closeAfterRefusedBody(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  limits: Pick<HttpLimits, 'minDiscardBytes' | 'discardTimeoutMs'>,
): void {
  if (status !== 413 && !refused.has(request.raw)) {
    return;
  }
  void reply.header('connection', 'close');
  const bodyLimit = request.routeOptions.bodyLimit ?? 0;
  discardRestOfBody(request.raw, {
    maxBytes: Math.max(limits.minDiscardBytes, DISCARD_LIMIT_FACTOR * bodyLimit),
    timeoutMs: limits.discardTimeoutMs,
  });
}

/** Destroys the socket once what was written to it has gone out (the answer is not cut). */
function destroyAfterWrites(socket: Socket): void {
  if (socket.writableFinished) {
    socket.destroy();
  } else {
    socket.once('finish', () => socket.destroy());
  }
}

/**
 * Keeps reading (and dropping) the rest of a refused body while its `Connection: close` answer
 * goes out, then closes. Node's own way — destroying the socket right after the answer — leaves
 * the client's bytes unread, so the kernel resets the connection and a client still sending
 * (undici's `fetch`, browsers) loses the answer to EPIPE or ECONNRESET. Here the answer is
 * followed by a half-close (FIN), which tells a client reading its answer early to stop; the
 * socket is destroyed when the body has ended, after `bound.maxBytes` more bytes, or after
 * `bound.timeoutMs`, whichever comes first: a client cannot make the daemon read without end.
 * Call it before the answer is sent.
 */
export function discardRestOfBody(request: IncomingMessage, bound: DiscardBound): void {
  const socket = request.socket;
  if (request.complete || socket.destroyed) {
    return;
  }
  let answered = false;
  let ended = false;
  let discarded = 0;
  const timer = setTimeout(() => socket.destroy(), bound.timeoutMs);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
  // Node calls destroySoon once an answer with `Connection: close` has been written.
  socket.destroySoon = (): void => {
    answered = true;
    socket.end();
    if (ended) {
      destroyAfterWrites(socket);
    }
  };
  request.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > bound.maxBytes) {
      socket.destroy();
    }
  });
  request.once('end', () => {
    ended = true;
    if (answered) {
      destroyAfterWrites(socket);
    }
  });
}
