import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { injectable } from 'inversify';
import { type TokenSecrets } from '../application/ports/token-secrets.port';

/** A new bearer secret: 32 random bytes, base64url (43 characters). */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored for a user token: its SHA-256, hex. The token itself is never stored. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * Constant-time equality of two secrets. Both sides are hashed first so the comparison also
 * takes the same time whatever their lengths are.
 */
export function sameSecret(a: string, b: string): boolean {
  const da = createHash('sha256').update(a, 'utf8').digest();
  const db = createHash('sha256').update(b, 'utf8').digest();
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
