import { tablesOf } from '@tickler/core';
import { injectable } from 'inversify';
import {
  type IdempotencyKeyRef,
  idempotencyKeyOf,
  type IdempotencyRecord,
  type IdempotencyRepository,
} from '../application/ports/idempotency.repository';
import { type Scope } from '../../shared/application/ports/scope';
import { type NotificationsTables } from '../../shared/infrastructure/notifications.tables';

/** Rows per INSERT (3 parameters each) or keys per SELECT: far below either driver's parameter limit. */
const CHUNK = 2000;

/** kysely adapter of idempotency fingerprints. */
@injectable()
export class KyselyIdempotencyRepository implements IdempotencyRepository {
  async recordMany(scope: Scope, records: readonly IdempotencyRecord[]): Promise<void> {
    const db = tablesOf<NotificationsTables>(scope.db);
    for (let start = 0; start < records.length; start += CHUNK) {
      await db
        .insertInto('notification_idempotency')
        .values(
          records.slice(start, start + CHUNK).map((r) => ({
            recipient_id: r.recipientId,
            idempotency_key: r.idempotencyKey,
            fingerprint: r.fingerprint,
          })),
        )
        .execute();
    }
  }

  async fingerprintsOf(
    scope: Scope,
    keys: readonly IdempotencyKeyRef[],
  ): Promise<ReadonlyMap<string, string>> {
    const db = tablesOf<NotificationsTables>(scope.db);
    const byRecipient = new Map<string, string[]>();
    for (const ref of keys) {
      const list = byRecipient.get(ref.recipientId) ?? [];
      list.push(ref.idempotencyKey);
      byRecipient.set(ref.recipientId, list);
    }
    const found = new Map<string, string>();
    // Per recipient, so that each statement is a primary-key range on both back ends.
    for (const [recipientId, list] of byRecipient) {
      for (let start = 0; start < list.length; start += CHUNK) {
        const rows = await db
          .selectFrom('notification_idempotency')
          .select(['idempotency_key', 'fingerprint'])
          .where('recipient_id', '=', recipientId)
          .where('idempotency_key', 'in', list.slice(start, start + CHUNK))
          .execute();
        for (const row of rows) {
          found.set(
            idempotencyKeyOf({ recipientId, idempotencyKey: row.idempotency_key }),
            row.fingerprint,
          );
        }
      }
    }
    return found;
  }
}
