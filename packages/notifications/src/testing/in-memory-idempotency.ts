import {
  type IdempotencyRecord,
  type IdempotencyRepository,
} from '../delivery/application/ports/idempotency.repository';

/** Idempotency fingerprints in a map (unit tests of the send handlers). */
export class InMemoryIdempotencyRepository implements IdempotencyRepository {
  readonly records = new Map<string, string>();

  recordMany(_scope: unknown, records: readonly IdempotencyRecord[]): Promise<void> {
    for (const r of records) {
      const key = `${r.recipientId}\u0000${r.idempotencyKey}`;
      if (this.records.has(key)) {
        return Promise.reject(new Error(`duplicate idempotency key ${r.idempotencyKey}`));
      }
      this.records.set(key, r.fingerprint);
    }
    return Promise.resolve();
  }

  fingerprintOf(_scope: unknown, recipientId: string, key: string): Promise<string | undefined> {
    return Promise.resolve(this.records.get(`${recipientId}\u0000${key}`));
  }
}
