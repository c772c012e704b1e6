import { type MigrationSet } from './database/migrations';
import * as createQueue from './queue/2026_11_30_0600_create_shared_scheduled_commands';
import * as claimedBy from './queue/2026_12_02_1000_add_claimed_by_to_shared_scheduled_commands';
import * as missedPolicy from './queue/2026_12_22_0900_add_missed_policy_and_job_occurrences';
import * as eventRows from './events/2027_01_26_0920_create_shared_event_rows';

/** The kernel's own tables (the queue, the subscribers' event rows and their ledger), ledger `shared_migrations`. */
export const coreMigrations: MigrationSet = {
  '2026_11_30_0600_create_shared_scheduled_commands': createQueue,
  '2026_12_02_1000_add_claimed_by_to_shared_scheduled_commands': claimedBy,
  '2026_12_22_0900_add_missed_policy_and_job_occurrences': missedPolicy,
  '2027_01_26_0920_create_shared_event_rows': eventRows,
};
