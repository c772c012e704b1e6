/**
 * What one client may hold of the daemon. The figures are documented in docs/operations.md
 * ("Security"); tests start in-process servers with smaller ones.
 */
export interface HttpLimits {
  /** A whole request (headers and body) must arrive within this, else 408 and the socket closes. */
  readonly requestTimeoutMs: number;
  /** The headers must arrive within this after the connection opens. */
  readonly headersTimeoutMs: number;
  /** An idle keep-alive connection is closed after this. */
  readonly keepAliveTimeoutMs: number;
  /** A socket with no traffic either way is closed after this (event streams write heartbeats). */
  readonly idleSocketTimeoutMs: number;
  /** Open connections at once; one more is answered 503 and closed unless an idle unauthenticated one can make room. */
  readonly maxConnections: number;
  /** Connections not yet authenticated at once; past it the oldest idle one is closed. */
  readonly maxUnauthenticatedConnections: number;
  /** How long an unauthenticated connection must have been idle before it may be closed for room (ms). */
  readonly evictIdleUnauthenticatedMs: number;
  /** Live event streams per person (all their tokens and sessions) and for the admin; one more is 429. */
  readonly maxStreamsPerPerson: number;
  /** Live event streams in all; one more is 503. */
  readonly maxStreams: number;
  /**
   * The rest of a refused body (413, or a 400 found while it arrived) is read and thrown away so
   * that the client gets its answer: up to this many bytes, or {@link DISCARD_LIMIT_FACTOR} times
   * the route's body limit when that is more. Past it the connection is closed.
   */
  readonly minDiscardBytes: number;
  /** ... and for at most this long after the refusal (ms). */
  readonly discardTimeoutMs: number;
}

/** A refused body is read on to this many times its route's limit (at least `minDiscardBytes`). */
export const DISCARD_LIMIT_FACTOR = 10;

/** The daemon's limits. */
export const DEFAULT_HTTP_LIMITS: HttpLimits = {
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 10_000,
  keepAliveTimeoutMs: 10_000,
  idleSocketTimeoutMs: 60_000,
  maxConnections: 256,
  maxUnauthenticatedConnections: 128,
  evictIdleUnauthenticatedMs: 1_000,
  maxStreamsPerPerson: 8,
  maxStreams: 64,
  minDiscardBytes: 16 * 1024 * 1024,
  discardTimeoutMs: 5_000,
};
