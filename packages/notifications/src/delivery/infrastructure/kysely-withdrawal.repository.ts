import { tablesOf } from '@tickler/core';
import { injectable } from 'inversify';
import { type Scope } from '../../shared/application/ports/scope';
import { type WithdrawalRepository } from '../application/ports/withdrawal.repository';

/** `notification_withdrawals`: a canceled delivery that reconcile withdrew. */
interface WithdrawalTables {
  notification_withdrawals: { delivery_id: string; withdrawn_at: string };
}

/** Ids per statement: far below either driver's parameter limit. */
const CHUNK = 500;

function chunks(ids: readonly string[]): string[][] {
  const out: string[][] = [];
  for (let i = 0; i < ids.length; i += CHUNK) {
    out.push(ids.slice(i, i + CHUNK));
  }
  return out;
}

/** kysely adapter of {@link WithdrawalRepository} (SQLite and PostgreSQL). */
@injectable()
export class KyselyWithdrawalRepository implements WithdrawalRepository {
  async mark(scope: Scope, deliveryIds: readonly string[], at: string): Promise<void> {
    for (const ids of chunks(deliveryIds)) {
      await tablesOf<WithdrawalTables>(scope.db)
        .insertInto('notification_withdrawals')
        .values(ids.map((id) => ({ delivery_id: id, withdrawn_at: at })))
        .onConflict((c) => c.column('delivery_id').doNothing())
        .execute();
    }
  }

  async among(scope: Scope, deliveryIds: readonly string[]): Promise<Set<string>> {
    const found = new Set<string>();
    for (const ids of chunks(deliveryIds)) {
      const rows = await tablesOf<WithdrawalTables>(scope.db)
        .selectFrom('notification_withdrawals')
        .select('delivery_id')
        .where('delivery_id', 'in', ids)
        .execute();
      rows.forEach((r) => found.add(r.delivery_id));
    }
    return found;
  }

  async forget(scope: Scope, deliveryIds: readonly string[]): Promise<void> {
    for (const ids of chunks(deliveryIds)) {
      await tablesOf<WithdrawalTables>(scope.db)
        .deleteFrom('notification_withdrawals')
        .where('delivery_id', 'in', ids)
        .execute();
    }
  }
}
