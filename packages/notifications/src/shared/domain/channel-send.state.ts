/**
 * Life of one external channel send: `pending` (due at `dueAt`), `sending` (claimed by one
 * instance, its request in flight, `dueAt` = lease expiry), then `sent` or `failed`.
 */
export type ChannelSendStatus = 'pending' | 'sending' | 'sent' | 'failed';

/** Every status of a channel send. */
export const CHANNEL_SEND_STATUSES: readonly ChannelSendStatus[] = [
  'pending',
  'sending',
  'sent',
  'failed',
];

/**
 * What a send may do when its outcome is unknown (the process died mid-request, or the request
 * was written and never answered): `at-least-once` sends again with the same idempotency key
 * (a receiver may see a duplicate), `at-most-once` fails it (a duplicate alert is the more
 * visible failure than a missing one). Chosen per subscription, copied to each send.
 */
export type Guarantee = 'at-least-once' | 'at-most-once';

/** Both guarantees (validators, tests). */
export const GUARANTEES: readonly Guarantee[] = ['at-least-once', 'at-most-once'];

/**
 * Why a channel send failed, in words the owner may see: never the raw socket text or the
 * receiver's answer (that would make the daemon a port scanner). The detail goes to the log.
 */
export type ChannelErrorClass =
  /** No connection: DNS, a host or network unreachable, TLS, or the connection broke. */
  | 'unreachable'
  /** Nothing listens at the endpoint: the connection was refused (nothing was sent). */
  | 'connection-refused'
  | 'timeout'
  /** The receiver answered a redirect, which is not followed (the URL moved: register the new one). */
  | 'http-3xx'
  | 'http-4xx'
  | 'http-5xx'
  | 'smtp-4xx'
  | 'smtp-5xx'
  /** The target is gone: the subscription was removed or deactivated (push 404/410). */
  | 'gone'
  /** The target resolved to an address the daemon may not reach (private, loopback, …). */
  | 'refused-target'
  /** The receiver refused the message itself (e.g. an SMTP recipient rejected). */
  | 'rejected'
  /** The subscription is paused after failing again and again; its owner resumes it. */
  | 'paused'
  /** At-most-once: the process died or the answer never came while the request was out. */
  | 'abandoned'
  /**
   * Not an error: the person's send limit for this channel (`TICKLER_THROTTLE`) is reached, so
   * the send waits (`pending`) until the window lets it go. Cleared when it is sent.
   */
  | 'throttled'
  /**
   * Not an error: an escalation whose inbox item was read before it was due, so it was
   * cancelled and never sent (issue 33 item 2).
   */
  | 'read';

/** Everything a channel send is, as stored. Instants are ISO-8601 UTC text. */
export interface ChannelSendState {
  /** UUIDv7: the idempotency key of every request this send makes. */
  readonly id: string;
  readonly deliveryId: string;
  readonly recipientId: string;
  /** The channel kind (`webhook`, `push`, `email`, …). */
  readonly channel: string;
  /** The subscription it goes to; null only for rows whose subscription no longer exists. */
  readonly subscriptionId: string | null;
  /** Endpoint key (URL origin, SMTP host) for per-endpoint concurrency. */
  readonly endpoint: string;
  readonly status: ChannelSendStatus;
  /** Attempts so far (each claim is one, take-overs included). */
  readonly attempts: number;
  /**
   * Of those, claims taken over after their holder died or hung with the request maybe out:
   * not counted against the retry budget, at most `MAX_RECOVERIES` (the guard against a send
   * that kills the daemon taking it).
   */
  readonly recoveries: number;
  readonly lastError: ChannelErrorClass | null;
  /** Next attempt while `pending`, lease expiry while `sending`; null once settled. */
  readonly dueAt: string | null;
  /** Fencing token of the current claim while `sending`. */
  readonly leaseToken: string | null;
  /** Instance holding the claim while `sending` (ADR 0004). */
  readonly claimedBy: string | null;
  readonly guarantee: Guarantee;
  readonly sentAt: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
  /** The escalation of an unread inbox item: cancelled, never sent, once the item is read. */
  readonly escalation: boolean;
  /** The fallback send of a notification another send of which failed for good (once). */
  readonly fallback: boolean;
  /** An escalation send: the wait after firing it was made with (ms); null otherwise. */
  readonly escalateAfterMs: number | null;
}

/** What a new channel send needs (created `pending`, due at once, when its notification fires). */
export interface NewChannelSend {
  readonly deliveryId: string;
  readonly recipientId: string;
  readonly channel: string;
  readonly subscriptionId: string;
  readonly endpoint: string;
  readonly guarantee: Guarantee;
  /** An escalation send (default false). */
  readonly escalation?: boolean;
  /** A fallback send (default false). */
  readonly fallback?: boolean;
  /** An escalation send's wait after firing, in ms. */
  readonly escalateAfterMs?: number | null;
}
