import { InvalidArgumentError } from '@tickler/core';
import { MigrateError } from '../../migrate/migrate.error';
import { migrateDatabase } from '../../migrate/migrate-database';
import { parseMigrateRequest } from '../../migrate/migrate-request';
import { daemonSchemaHistory } from '../../migrate/run-migrate';
import { type RouteSpec } from '../route';

/**
 * `tickler migrate` asking a running daemon: the copy of a stopped daemon's SQLite file into
 * PostgreSQL, done in this process with this build's schema (docs/operations.md).
 */
export function migrateRoutes(): RouteSpec[] {
  return [
    {
      method: 'POST',
      path: '/v1/admin/migrate',
      operationId: 'migrateDatabase',
      summary:
        "Copy a stopped daemon's SQLite file (on this machine) into a PostgreSQL schema, then compare every table.",
      access: 'admin',
      tag: 'internal',
      requestBody: 'MigrateDatabaseBody',
      errorStatuses: [422],
      responses: { 200: { description: 'Every table compared (`match`).' } },
      handle: async ({ body }) => {
        try {
          const request = parseMigrateRequest(body ?? {}, (field) => field);
          return { status: 200, body: await migrateDatabase(request, daemonSchemaHistory()) };
        } catch (error) {
          if (error instanceof MigrateError && error.field !== undefined) {
            throw new InvalidArgumentError(error.field, error.reason ?? error.message);
          }
          throw error;
        }
      },
    },
  ];
}
