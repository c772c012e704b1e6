import { ReusableQuery } from '@tickler/core';
import { injectable } from 'inversify';
import { sql } from 'kysely';
import { type DueInstants, type NextDueInstants } from '../application/ports/due-instants.port';
import { type Scope } from '../../shared/application/ports/scope';
import { NOT_PAUSED } from '../../shared/infrastructure/not-paused.sql';

interface NextDueRow {
  delivery: string | null;
  send: string | null;
}

/**
 * Both next instants in one statement of two scalar subqueries, each served by its table's
 * partial index (the predicates are literals so SQLite uses them). Sends of a channel kind or a
 * subscription the operator paused are left out: they wait for the resume, which wakes the send
 * loop itself. Compiled once: the minutely safety net runs it every idle minute.
 */
const NEXT_DUE = new ReusableQuery<Record<never, never>, NextDueRow>([], (db) => ({
  compile: () =>
    sql<NextDueRow>`select (select min(due_at) from "notification_deliveries" where status = 'scheduled') as delivery, (select min(due_at) from notification_channel_sends where status in ('pending', 'sending') and ${NOT_PAUSED}) as send`.compile(
      db,
    ),
}));

/** The next due delivery and channel send, read in one statement (see {@link NEXT_DUE}). */
@injectable()
export class KyselyDueInstants implements DueInstants {
  async next(scope: Scope): Promise<NextDueInstants> {
    const { rows } = await NEXT_DUE.execute(scope.db, {});
    const row = rows[0];
    return { delivery: row?.delivery ?? undefined, send: row?.send ?? undefined };
  }
}
