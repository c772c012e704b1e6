import { type MigrationSet } from '@tickler/core';
import { createAuthUserTokens } from './2026_11_30_0700_create_auth_user_tokens';
import * as tokenIdsAndExpiry from './2026_12_01_1000_user_token_ids_and_expiry';
import * as sessions from './2026_12_22_0100_create_auth_sessions';

/**
 * The auth context's migrations under their ledger names (`auth_migrations`). The names are
 * those the daemon's first release recorded, so a database it made upgrades without change.
 */
export const authMigrations: MigrationSet = {
  '2026_11_30_0700_create_auth_user_tokens': createAuthUserTokens,
  '2026_12_01_1000_user_token_ids_and_expiry': tokenIdsAndExpiry,
  '2026_12_22_0100_create_auth_sessions': sessions,
};
