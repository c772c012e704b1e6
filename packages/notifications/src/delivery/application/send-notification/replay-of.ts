import {
  IdempotencyKeyDeletedError,
  IdempotencyKeyReusedError,
} from '../../../shared/domain/notification.errors';

/** What an earlier use of an idempotency key left: its delivery (none once deleted) and fingerprint. */
export interface EarlierUse<D extends { readonly id: string }> {
  readonly delivery: D | undefined;
  /** The recorded fingerprint of the key's first request (none for keys used before they were kept). */
  readonly fingerprint: string | undefined;
}

/** Whose key, and the field errors name (`idempotencyKey`, `items.3.idempotencyKey`). */
export interface KeyUse {
  readonly recipientId: string;
  readonly idempotencyKey: string;
  readonly field: string;
}

/**
 * The one rule of idempotency keys, for both send routes: a key stays bound to what its first
 * request created for as long as it is kept. The same request again replays that delivery
 * (returned); another request is 409 `IDEMPOTENCY.KEY_REUSED`; once the delivery was deleted,
 * any request is 409 `IDEMPOTENCY.NOTIFICATION_DELETED`. Undefined: the key was never used.
 * `same` tells whether a recorded fingerprint is this request's.
 */
export function replayOf<D extends { readonly id: string }>(
  earlier: EarlierUse<D>,
  same: (recorded: string) => boolean,
  use: KeyUse,
): D | undefined {
  if (earlier.delivery !== undefined) {
    // A key used before fingerprints were kept has none: it replays as it always did.
    if (earlier.fingerprint !== undefined && !same(earlier.fingerprint)) {
      throw new IdempotencyKeyReusedError(
        use.recipientId,
        use.idempotencyKey,
        earlier.delivery.id,
        use.field,
      );
    }
    return earlier.delivery;
  }
  if (earlier.fingerprint !== undefined) {
    throw new IdempotencyKeyDeletedError(use.recipientId, use.idempotencyKey, use.field);
  }
  return undefined;
}
