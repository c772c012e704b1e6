import { type Selectable } from 'kysely';

/** `auth_user_tokens`: one row per issued user token. */
export interface UserTokenTable {
  /** SHA-256 (hex) of the bearer token; the token itself is never stored. */
  token_hash: string;
  /** The only user whose paths (`/v1/users/{user_id}/…`) this token reaches. */
  user_id: string;
  /** When it was issued (ISO-8601 UTC, `toIsoUtc`). */
  created_at: string;
  /** Shown in lists and named to revoke (never the hash); set for every row. */
  id: string | null;
  /** After this instant the token no longer authenticates (ISO-8601 UTC); null = never. */
  expires_at: string | null;
}

export interface AuthTables {
  auth_user_tokens: UserTokenTable;
}

export type UserTokenRow = Selectable<UserTokenTable>;
