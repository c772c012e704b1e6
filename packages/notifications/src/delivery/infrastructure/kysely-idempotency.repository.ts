import { tablesOf } from '@tickler/core';
import { injectable } from 'inversify';
import {
  type IdempotencyRecord,
  type IdempotencyRepository,
} from '../application/ports/idempotency.repository';
import { type Scope } from '../../shared/application/ports/scope';
import { type NotificationsTables } from '../../shared/infrastructure/notifications.tables';

/** Rows per INSERT: 3 parameters each, far below either driver's parameter limit. */
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

  async fingerprintOf(
    scope: Scope,
    recipientId: string,
    idempotencyKey: string,
  ): Promise<string | undefined> {
    const row = await tablesOf<NotificationsTables>(scope.db)
      .selectFrom('notification_idempotency')
      .select('fingerprint')
      .where('recipient_id', '=', recipientId)
      .where('idempotency_key', '=', idempotencyKey)
      .executeTakeFirst();
    return row?.fingerprint;
  }
}
