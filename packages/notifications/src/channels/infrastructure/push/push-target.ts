import { ECDH } from 'node:crypto';
import { type FieldProblem } from '@tickler/core';
import {
  type PreparedTarget,
  type SubscriptionInput,
  type SubscriptionTarget,
} from '../../application/ports/delivery-channel.port';
import { plainObject, throwIfProblems, unknownProperties } from '../subscription-input-problems';

/** A push subscription as stored: the browser's PushSubscription (RFC 8030 / 8291). */
export interface PushTarget {
  /** The push resource: an https URL at the browser vendor's push service. */
  readonly endpoint: string;
  readonly keys: {
    /** The browser's ECDH public key: base64url uncompressed P-256 point (65 bytes). */
    readonly p256dh: string;
    /** The shared authentication secret: base64url, 16 bytes. */
    readonly auth: string;
  };
}

/** Longest endpoint accepted (real ones are 150–500 characters). */
export const PUSH_ENDPOINT_MAX_LENGTH = 2048;
const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

function endpointProblem(endpoint: unknown): string | undefined {
  if (typeof endpoint !== 'string') {
    return 'endpoint must be a string';
  }
  if (endpoint.length > PUSH_ENDPOINT_MAX_LENGTH) {
    return `endpoint must be at most ${PUSH_ENDPOINT_MAX_LENGTH} characters`;
  }
  if (!/^[\x21-\x7e]+$/.test(endpoint)) {
    return 'endpoint must be printable ASCII without spaces';
  }
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'endpoint must be an https URL';
  }
  if (url.protocol !== 'https:') {
    return 'endpoint must be an https URL (push services are HTTPS)';
  }
  if (url.username !== '' || url.password !== '') {
    return 'endpoint must not carry a user name or password';
  }
  return undefined;
}

/** The decoded bytes of a base64url key of exactly `length` bytes, or a problem. */
function keyBytes(value: unknown, name: string, length: number): Buffer | string {
  if (typeof value !== 'string' || value.length > 200 || !BASE64URL.test(value)) {
    return `${name} must be base64url text`;
  }
  const bytes = Buffer.from(value, 'base64url');
  return bytes.length === length
    ? bytes
    : `${name} must decode to ${length} bytes (got ${bytes.length})`;
}

function p256dhProblem(value: unknown): string | undefined {
  const bytes = keyBytes(value, 'p256dh', 65);
  if (typeof bytes === 'string') {
    return bytes;
  }
  try {
    // Throws unless the bytes are an uncompressed point on the P-256 curve.
    ECDH.convertKey(bytes, 'prime256v1');
    return bytes[0] === 0x04 ? undefined : 'p256dh must be an uncompressed P-256 point';
  } catch {
    return 'p256dh must be a point on the P-256 curve';
  }
}

/**
 * Validates `{"kind":"push","subscription":{"endpoint":…,"keys":{"p256dh":…,"auth":…}}}` (a
 * browser's `PushSubscription.toJSON()`; its `expirationTime` is accepted and not kept) and
 * returns the stored target. Push subscriptions are always in the default set (seed 001:
 * "push plus inbox"); the endpoint identifies the subscription, so a browser registering again
 * updates its keys in place. Throws a `CommandValidationError` naming every bad field.
 */
export function preparePushTarget(input: SubscriptionInput): PreparedTarget {
  const subscription = plainObject(input.subscription);
  if (subscription === undefined) {
    throwIfProblems([
      { path: 'subscription', message: 'subscription must be an object with endpoint and keys' },
    ]);
  }
  const given = subscription as Readonly<Record<string, unknown>>;
  const problems: FieldProblem[] = unknownProperties(
    given,
    ['endpoint', 'keys', 'expirationTime'],
    'subscription.',
  );
  const endpoint = endpointProblem(given.endpoint);
  if (endpoint !== undefined) {
    problems.push({ path: 'subscription.endpoint', message: endpoint });
  }
  const expiration = given.expirationTime;
  if (expiration !== undefined && expiration !== null && typeof expiration !== 'number') {
    problems.push({
      path: 'subscription.expirationTime',
      message: 'expirationTime must be a number or null',
    });
  }
  const keys = plainObject(given.keys);
  if (keys === undefined) {
    problems.push({
      path: 'subscription.keys',
      message: 'keys must be an object with p256dh and auth',
    });
  } else {
    problems.push(...unknownProperties(keys, ['p256dh', 'auth'], 'subscription.keys.'));
    const p256dh = p256dhProblem(keys.p256dh);
    if (p256dh !== undefined) {
      problems.push({ path: 'subscription.keys.p256dh', message: p256dh });
    }
    const auth = keyBytes(keys.auth, 'auth', 16);
    if (typeof auth === 'string') {
      problems.push({ path: 'subscription.keys.auth', message: auth });
    }
  }
  throwIfProblems(problems);
  const target: PushTarget = {
    endpoint: given.endpoint as string,
    keys: {
      p256dh: (keys as Record<string, string>).p256dh!,
      auth: (keys as Record<string, string>).auth!,
    },
  };
  return { targetKey: target.endpoint, target: { ...target }, alwaysDefault: true };
}

/** A stored target read back as a push target (its shape was checked at registration). */
export function asPushTarget(target: SubscriptionTarget): PushTarget {
  const keys = plainObject(target.keys);
  if (typeof target.endpoint !== 'string' || keys === undefined) {
    throw new TypeError('not a push target (endpoint and keys expected)');
  }
  return target as unknown as PushTarget;
}
