import { type Scope } from '../../../shared/application/ports/scope';

/** What a request looked like at the first use of its idempotency key. */
export interface IdempotencyRecord {
  readonly recipientId: string;
  readonly idempotencyKey: string;
  /** Digest of the normalised request (see `requestFingerprint`). */
  readonly fingerprint: string;
}

/** One recipient's idempotency key. */
export type IdempotencyKeyRef = Pick<IdempotencyRecord, 'recipientId' | 'idempotencyKey'>;

/** How {@link IdempotencyRepository.fingerprintsOf} names a key in its answer. */
export function idempotencyKeyOf(ref: IdempotencyKeyRef): string {
  // NUL cannot occur in validated recipient ids or keys.
  return `${ref.recipientId}\u0000${ref.idempotencyKey}`;
}

/**
 * Persistence port of idempotency fingerprints (written with the delivery, same transaction).
 * A key's row is kept after its delivery is deleted: it is what binds the key for good.
 */
export interface IdempotencyRepository {
  /** One multi-row INSERT. */
  recordMany(scope: Scope, records: readonly IdempotencyRecord[]): Promise<void>;
  /**
   * The fingerprints recorded for these keys, by {@link idempotencyKeyOf}; a key without one is
   * new, or was first used before fingerprints were kept (its delivery row says which).
   */
  fingerprintsOf(
    scope: Scope,
    keys: readonly IdempotencyKeyRef[],
  ): Promise<ReadonlyMap<string, string>>;
}
