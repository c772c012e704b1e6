import { Client } from 'pg';
import { UnavailableError } from './system.port';

/**
 * What the PostgreSQL peers of the main bench (pg-boss, Graphile Worker) share: the test server,
 * the bench's own admin connection (the workspace's `pg`, not the peers' copy, so its queries never
 * count as a peer's client-side statements) and the server-side counter of the idle step.
 */

/** The shared test server: PostgreSQL 127.0.0.1:5432, db `test`. Each peer keeps to its own schema. */
export const PG_CONNECTION = 'postgres://postgres@127.0.0.1:5432/test';

/** Connects the bench's admin client; an unreachable server is `UnavailableError` ("not run"). */
export async function connectAdmin(): Promise<Client> {
  const admin = new Client({ connectionString: PG_CONNECTION, connectionTimeoutMillis: 1000 });
  try {
    await admin.connect();
  } catch (error) {
    throw new UnavailableError(
      `PostgreSQL at 127.0.0.1:5432/test is not reachable: ${String(error)}`,
    );
  }
  return admin;
}

/** Drops a peer's schema and everything in it. */
export async function dropSchema(admin: Client, schema: string): Promise<void> {
  await admin.query(`drop schema if exists ${schema} cascade`);
}

/**
 * Committed transactions of db `test` (`pg_stat_database.xact_commit`): server-wide, so the
 * idle step never runs two users of this server at once (`pg_stat_statements` is not installed).
 */
export async function xactCommits(admin: Client): Promise<{ value: number; label: string }> {
  const r = await admin.query<{ n: string }>(
    `select xact_commit as n from pg_stat_database where datname = 'test'`,
  );
  return {
    value: Number(r.rows[0]?.n ?? 0),
    label: 'pg_stat_database.xact_commit of db test (server-wide, includes the probe queries)',
  };
}
