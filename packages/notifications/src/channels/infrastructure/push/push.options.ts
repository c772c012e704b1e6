import https from 'node:https';
import tls from 'node:tls';
import { parseDuration } from '@tickler/core';
import { type PushUrgency, type WebPushChannelSettings } from './web-push-channel';

/** Options of the web push channel (`notificationsContext({ push })`). */
export interface PushOptions {
  /**
   * File of the VAPID key pair (created 0600 on first start). Unset: the pair is one row of the
   * database (PostgreSQL: every daemon on it signs with the same key, as it must).
   */
  vapidKeyFile?: string;
  /** VAPID `sub`: `mailto:` or `https:` contact of the operator. Default `mailto:admin@localhost`. */
  subject?: string;
  /** How long a push service keeps an undelivered push (RFC 8030 TTL). Duration text or ms. Default 12 h (the grace window's default). */
  ttl?: number | string;
  /** RFC 8030 urgency. Default `high`: a reminder is time-sensitive, and asked for. */
  urgency?: PushUrgency;
  /** Per-request timeout in ms. Default 10 s. */
  timeoutMs?: number;
  /** Attempts per push, the first included. Default 5. */
  maxAttempts?: number;
  /** First retry after `baseMs` (default 30 s), doubling, capped at `maxMs` (default 10 min). */
  backoff?: { baseMs?: number; maxMs?: number };
  /** Connection pool to push services (in-process tests pass one trusting their stand-in). */
  agent?: https.Agent;
  /**
   * PEM certificate(s) trusted for push services besides Node's CA store, like
   * `NODE_EXTRA_CA_CERTS` but for this channel only (a private push service; the contract
   * suite's child processes, whose options are JSON). Ignored when `agent` is given.
   */
  extraCa?: string;
}

function positive(value: number | undefined, fallback: number, field: string): number {
  const v = value ?? fallback;
  if (!Number.isInteger(v) || v < 1) {
    throw new RangeError(`push option ${field} must be a whole number ≥ 1 (got ${String(value)})`);
  }
  return v;
}

const URGENCIES: readonly PushUrgency[] = ['very-low', 'low', 'normal', 'high'];

/** The push channel's settings with every default applied; throws `RangeError` naming a bad option. */
export function resolvePushSettings(options: PushOptions = {}): WebPushChannelSettings {
  const urgency = options.urgency ?? 'high';
  if (!URGENCIES.includes(urgency)) {
    throw new RangeError(`push option urgency must be one of ${URGENCIES.join(', ')}`);
  }
  const ttlMs = options.ttl === undefined ? 12 * 3_600_000 : parseDuration(options.ttl, 'push.ttl');
  return {
    subject: options.subject ?? 'mailto:admin@localhost',
    ttlSeconds: Math.max(0, Math.floor(ttlMs / 1000)),
    urgency,
    timeoutMs: positive(options.timeoutMs, 10_000, 'timeoutMs'),
    retry: {
      maxAttempts: positive(options.maxAttempts, 5, 'maxAttempts'),
      baseMs: positive(options.backoff?.baseMs, 30_000, 'backoff.baseMs'),
      maxMs: positive(options.backoff?.maxMs, 600_000, 'backoff.maxMs'),
    },
    ...(options.agent !== undefined
      ? { agent: options.agent }
      : options.extraCa !== undefined
        ? {
            agent: new https.Agent({
              keepAlive: true,
              ca: [...tls.rootCertificates, options.extraCa],
            }),
          }
        : {}),
  };
}
