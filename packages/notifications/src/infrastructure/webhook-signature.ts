import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * `sha256=<hex HMAC-SHA256(secret, timestamp + "." + body)>`: the timestamp is signed with the
 * body so a captured request cannot be replayed later with a fresh timestamp.
 */
export function signWebhook(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** Receiver-side check (constant time), for tests and for documentation of the scheme. */
export function verifyWebhookSignature(
  secret: string,
  timestamp: string,
  body: string,
  signature: string,
): boolean {
  const expected = Buffer.from(signWebhook(secret, timestamp, body));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
