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

/** `auth_sessions`: one row per browser session (a cookie), opened with a user token. */
export interface SessionTable {
  /** SHA-256 (hex) of the cookie's secret; the secret itself is never stored. */
  secret_hash: string;
  /** Public id (logs, lists); never the secret. */
  id: string;
  /** The user the session acts as: the user of the token it was opened with. */
  user_id: string;
  /** `auth_user_tokens.id` of that token: revoking it ends the session. */
  user_token_id: string;
  /** ISO-8601 UTC, `toIsoUtc`. */
  created_at: string;
  /** After this instant the session no longer authenticates (ISO-8601 UTC). */
  expires_at: string;
}

/** The auth context's tables, as kysely sees them. */
export interface AuthTables {
  auth_user_tokens: UserTokenTable;
  auth_sessions: SessionTable;
}

/** One `auth_user_tokens` row. */
export type UserTokenRow = Selectable<UserTokenTable>;

/** One `auth_sessions` row (the secret only as its SHA-256). */
export type SessionRow = Selectable<SessionTable>;
