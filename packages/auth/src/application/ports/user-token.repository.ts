import { type Scope } from './scope';

/** An issued user token as stored: never the token itself, only its hash. */
export interface UserTokenRecord {
  /** SHA-256 (hex) of the bearer token. */
  readonly tokenHash: string;
  /** The only user whose paths this token reaches. */
  readonly userId: string;
  /** ISO-8601 UTC, `toIsoUtc`. */
  readonly createdAt: string;
}

/** Persistence port of user tokens. */
export interface UserTokenRepository {
  add(scope: Scope, record: UserTokenRecord): Promise<void>;
  /** The user a token hash was issued to, if any. */
  userOf(scope: Scope, tokenHash: string): Promise<string | undefined>;
}
