import { type Scope } from './scope';

/** An issued user token as stored: never the token itself, only its hash. */
export interface UserTokenRecord {
  /** What lists show and revoke names. */
  readonly id: string;
  /** SHA-256 (hex) of the bearer token. */
  readonly tokenHash: string;
  /** The only user whose paths this token reaches. */
  readonly userId: string;
  /** ISO-8601 UTC, `toIsoUtc`. */
  readonly createdAt: string;
  /** ISO-8601 UTC; null = never expires. */
  readonly expiresAt: string | null;
}

/** Persistence port of user tokens. */
export interface UserTokenRepository {
  add(scope: Scope, record: UserTokenRecord): Promise<void>;
  /** The user a token hash was issued to, if it exists and has not expired at `now`. */
  userOf(scope: Scope, tokenHash: string, now: string): Promise<string | undefined>;
  /** The stored token of a hash, if it exists and has not expired at `now`. */
  live(scope: Scope, tokenHash: string, now: string): Promise<UserTokenRecord | undefined>;
  /** A user's tokens, oldest first (expired ones included, with their expiry). */
  list(scope: Scope, userId: string): Promise<UserTokenRecord[]>;
  /** Deletes one of the user's tokens; false when the user has no token with that id. */
  remove(scope: Scope, userId: string, id: string): Promise<boolean>;
}
