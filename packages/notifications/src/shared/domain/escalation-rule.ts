import { InvalidArgumentError, parseDuration } from '@tickler/core/domain';
import { type ChannelSendState } from './channel-send.state';

/**
 * "If still unread `afterMs` after it fired, send it again on `channel`" (issue 33 item 2):
 * carried by a reminder or by a per-source preference.
 */
export interface EscalationRule {
  /** How long the inbox item may stay unread before the second send, in ms. */
  readonly afterMs: number;
  /** The channel kind the second send goes by (never the inbox: it is already there). */
  readonly channel: string;
}

/** Shortest wait: under a minute the person has had no chance to read it. */
export const MIN_ESCALATE_AFTER_MS = 60_000;

/** Longest wait: past a week a reminder is history, and the due row would linger for nothing. */
export const MAX_ESCALATE_AFTER_MS = 7 * 24 * 3_600_000;

/**
 * Reads an `escalate` body field: `{ "after": "<duration>", "channel": "<kind>" }`, `after` from
 * 1m to 7d, `channel` one of `kinds` (the caller passes the kinds a send can go by, so the
 * domain stays free of the channel registry). Throws an `InvalidArgumentError` naming the exact
 * field (`escalate`, `escalate.after` or `escalate.channel`).
 */
export function parseEscalation(
  value: unknown,
  field: string,
  kinds: readonly string[],
): EscalationRule {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new InvalidArgumentError(
      field,
      'must be an object { "after": "1h", "channel": "email" }',
    );
  }
  const { after, channel, ...rest } = value as Record<string, unknown>;
  const unknownKey = Object.keys(rest)[0];
  if (unknownKey !== undefined) {
    throw new InvalidArgumentError(`${field}.${unknownKey}`, 'is not a field of an escalation');
  }
  if (typeof after !== 'string') {
    throw new InvalidArgumentError(`${field}.after`, 'must be a duration with a unit, e.g. "1h"');
  }
  const afterMs = parseDuration(after, `${field}.after`);
  if (afterMs < MIN_ESCALATE_AFTER_MS || afterMs > MAX_ESCALATE_AFTER_MS) {
    throw new InvalidArgumentError(`${field}.after`, 'must be from 1m to 7d');
  }
  if (typeof channel !== 'string' || !kinds.includes(channel)) {
    throw new InvalidArgumentError(`${field}.channel`, `must be one of ${kinds.join(', ')}`);
  }
  return { afterMs, channel };
}

/**
 * "When a send of this reminder fails for good, send it once by `channel` instead" (issue 33
 * item 2): carried by a reminder.
 */
export interface FallbackRule {
  /** The channel kind the fallback send goes by (never the inbox: it cannot fail). */
  readonly channel: string;
}

/**
 * Reads a `fallback` body field: `{ "channel": "<kind>" }`, `channel` one of `kinds`. Throws an
 * `InvalidArgumentError` naming the exact field (`fallback` or `fallback.channel`).
 */
export function parseFallback(
  value: unknown,
  field: string,
  kinds: readonly string[],
): FallbackRule {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new InvalidArgumentError(field, 'must be an object { "channel": "email" }');
  }
  const { channel, ...rest } = value as Record<string, unknown>;
  const unknownKey = Object.keys(rest)[0];
  if (unknownKey !== undefined) {
    throw new InvalidArgumentError(`${field}.${unknownKey}`, 'is not a field of a fallback');
  }
  if (typeof channel !== 'string' || !kinds.includes(channel)) {
    throw new InvalidArgumentError(`${field}.channel`, `must be one of ${kinds.join(', ')}`);
  }
  return { channel };
}

/**
 * Whether a send's failure is "for good" and calls the fallback: a settled failure of one of the
 * reminder's own sends. An escalation's, a fallback's own, and an escalation cancelled by a read
 * (`read`: not an error) never do.
 */
export function callsFallback(send: ChannelSendState): boolean {
  return (
    send.status === 'failed' && !send.escalation && !send.fallback && send.lastError !== 'read'
  );
}

/** Units `after` is written back in, largest first (the one that divides it exactly). */
const UNITS: readonly [string, number][] = [
  ['d', 86_400_000],
  ['h', 3_600_000],
  ['m', 60_000],
  ['s', 1_000],
];

/** `5400000` → `90m`: the escalation's wait as a person wrote it (or an equivalent). */
export function afterText(ms: number): string {
  const [unit, size] = UNITS.find(([, n]) => ms % n === 0) ?? ['ms', 1];
  return `${ms / size}${unit}`;
}
