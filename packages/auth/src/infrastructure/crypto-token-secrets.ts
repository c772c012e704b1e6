import { createHash, hash, randomBytes, timingSafeEqual } from 'node:crypto';
import { injectable } from 'inversify';
import { type TokenSecrets } from '../application/ports/token-secrets.port';

/** A new bearer secret: 32 random bytes, base64url (43 characters). */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * SHA-256 of a short text: the one-shot `crypto.hash` (Node ≥ 20.12) where there is one — every
 * authenticated request hashes its token, and a `Hash` object cost ~3 µs of the request
 * against ~0.5 µs (docs/benchmarks.md, "Issue 28 item 5") — else a `Hash` object, same digest.
 */
function sha256(text: string, encoding: 'hex'): string;
function sha256(text: string, encoding: 'buffer'): Buffer;
function sha256(text: string, encoding: 'hex' | 'buffer'): string | Buffer {
  if (typeof hash === 'function') {
    return encoding === 'hex' ? hash('sha256', text, 'hex') : hash('sha256', text, 'buffer');
  }
  const digest = createHash('sha256').update(text, 'utf8');
  return encoding === 'hex' ? digest.digest('hex') : digest.digest();
}

/** What is stored for a user token: its SHA-256, hex. The token itself is never stored. */
export function hashToken(token: string): string {
  return sha256(token, 'hex');
}

/**
 * Constant-time equality of two secrets. Both sides are hashed first so the comparison also
 * takes the same time whatever their lengths are.
 */
export function sameSecret(a: string, b: string): boolean {
  const da = sha256(a, 'buffer');
  const db = sha256(b, 'buffer');
  return timingSafeEqual(da, db);
}

/** {@link TokenSecrets} over `node:crypto`. */
@injectable()
export class CryptoTokenSecrets implements TokenSecrets {
  generate(): string {
    return generateToken();
  }

  hash(token: string): string {
    return hashToken(token);
  }

  same(a: string, b: string): boolean {
    return sameSecret(a, b);
  }
}
