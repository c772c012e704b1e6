import { CompiledQuery, sql } from 'kysely';
import { type Database } from '../database/database';

/**
 * PostgreSQL's plan for `query` (text format) with sequential scans priced out. On a test-sized
 * table the planner prefers a scan whatever the indexes; with `enable_seqscan = off` the plan
 * shows whether an index (a partial one in particular) can serve the predicate at all, which
 * is what the SQLite `explain query plan` checks assert there. Runs in a rolled-back transaction.
 */
export async function explainOnPostgres(database: Database, query: CompiledQuery): Promise<string> {
  return database.kysely.connection().execute(async (connection) => {
    await sql`begin`.execute(connection);
    try {
      await sql`set local enable_seqscan = off`.execute(connection);
      const plan = await connection.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]),
      );
      return plan.rows.map((row) => row['QUERY PLAN']).join('\n');
    } finally {
      await sql`rollback`.execute(connection);
    }
  });
}
