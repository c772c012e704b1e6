import { type MigrationSet } from './database/migrations';
import * as createQueue from './queue/2026_11_30_0600_create_shared_scheduled_commands';

/** The kernel's own tables (the queue and the subscriber ledger), ledger `shared_migrations`. */
export const coreMigrations: MigrationSet = {
  '2026_11_30_0600_create_shared_scheduled_commands': createQueue,
};
