import { injectable } from 'inversify';
import { sql } from 'kysely';
import { type DueInstants, type NextDueInstants } from '../application/ports/due-instants.port';
import { type Scope } from '../../shared/application/ports/scope';

/**
 * Both next instants in one statement of two scalar subqueries, each served by its table's
 * partial index (the predicates are literals so SQLite uses them).
 */
@injectable()
export class KyselyDueInstants implements DueInstants {
  async next(scope: Scope): Promise<NextDueInstants> {
    const { rows } = await sql<{
      delivery: string | null;
      send: string | null;
    }>`select (select min(due_at) from "notification_deliveries" where status = 'scheduled') as delivery, (select min(due_at) from notification_channel_sends where status in ('pending', 'sending')) as send`.execute(
      scope.db,
    );
    const row = rows[0];
    return { delivery: row?.delivery ?? undefined, send: row?.send ?? undefined };
  }
}
