import { createHmac } from 'node:crypto';

/** The prefix of every signing secret (Standard Webhooks). */
export const SECRET_PREFIX = 'whsec_';

/**
 * The key bytes of a `whsec_<base64>` secret. Node's base64 decoder also reads the base64url
 * alphabet, which secrets made before Standard Webhooks used.
 */
function keyOf(secret: string): Buffer {
  return Buffer.from(
    secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret,
    'base64',
  );
}

/**
 * The `webhook-signature` header of Standard Webhooks (standardwebhooks.com): for each secret,
 * `v1,<base64 HMAC-SHA256(key, "<webhook-id>.<webhook-timestamp>.<body>")>`, space-separated —
 * during a secret rotation's overlap both the new and the old signature are sent, and a
 * receiver holding either secret verifies.
 */
export function signStandardWebhook(
  secrets: readonly string[],
  id: string,
  timestamp: number,
  body: string,
): string {
  const content = `${id}.${timestamp}.${body}`;
  return secrets
    .map((secret) => `v1,${createHmac('sha256', keyOf(secret)).update(content).digest('base64')}`)
    .join(' ');
}
