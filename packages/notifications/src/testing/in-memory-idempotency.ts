import {
  type IdempotencyKeyRef,
  idempotencyKeyOf,
  type IdempotencyRecord,
  type IdempotencyRepository,
} from '../delivery/application/ports/idempotency.repository';

/** Idempotency fingerprints in a map (unit tests of the send handlers). */
export class InMemoryIdempotencyRepository implements IdempotencyRepository {
  readonly records = new Map<string, string>();

  recordMany(_scope: unknown, records: readonly IdempotencyRecord[]): Promise<void> {
    for (const r of records) {
      const key = idempotencyKeyOf(r);
      if (this.records.has(key)) {
        return Promise.reject(new Error(`duplicate idempotency key ${r.idempotencyKey}`));
      }
      this.records.set(key, r.fingerprint);
    }
    return Promise.resolve();
  }

  fingerprintsOf(
    _scope: unknown,
    keys: readonly IdempotencyKeyRef[],
  ): Promise<ReadonlyMap<string, string>> {
    const found = new Map<string, string>();
    for (const ref of keys) {
      const fingerprint = this.records.get(idempotencyKeyOf(ref));
      if (fingerprint !== undefined) {
        found.set(idempotencyKeyOf(ref), fingerprint);
      }
    }
    return Promise.resolve(found);
  }
}
