import { type Scope } from '../../../shared/application/ports/scope';

/** What a request looked like at the first use of its idempotency key. */
export interface IdempotencyRecord {
  readonly recipientId: string;
  readonly idempotencyKey: string;
  /** Digest of the normalised request (see `requestFingerprint`). */
  readonly fingerprint: string;
}

/** Persistence port of idempotency fingerprints (written with the delivery, same transaction). */
export interface IdempotencyRepository {
  /** One multi-row INSERT. */
  recordMany(scope: Scope, records: readonly IdempotencyRecord[]): Promise<void>;
  /** The fingerprint of the key's first use; undefined for keys used before fingerprints existed. */
  fingerprintOf(
    scope: Scope,
    recipientId: string,
    idempotencyKey: string,
  ): Promise<string | undefined>;
}
