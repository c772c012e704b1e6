import pg from 'pg';
import { type PrivatePostgres } from '../../reliability/support/private-postgres';

/**
 * Restarts a private cluster with `pg_stat_statements` loaded and returns a connected client
 * (the probes' view of what the server spent per statement; the bench itself does not load it).
 */
export async function withStatements(server: PrivatePostgres): Promise<pg.Client> {
  const setup = new pg.Client({ connectionString: server.url });
  await setup.connect();
  await setup.query(`alter system set shared_preload_libraries = 'pg_stat_statements'`);
  await setup.end();
  server.restart();
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  await admin.query('create extension if not exists pg_stat_statements');
  return admin;
}
