import { type Selectable } from 'kysely';

/** `auth_user_tokens`: one row per issued user token. */
export interface UserTokenTable {
  /** SHA-256 (hex) of the bearer token; the token itself is never stored. */
  token_hash: string;
  /** The only user whose paths (`/v1/users/{user_id}/…`) this token reaches. */
  user_id: string;
  /** When it was issued (ISO-8601 UTC, `toIsoUtc`). */
  created_at: string;
}

export interface AuthTables {
  auth_user_tokens: UserTokenTable;
}

export type UserTokenRow = Selectable<UserTokenTable>;
