import { type Scope } from './scope';

/** A browser session as stored: the hash of its secret, never the secret. */
export interface SessionRecord {
  readonly id: string;
  /** SHA-256 (hex) of the cookie's secret. */
  readonly secretHash: string;
  readonly userId: string;
  /** The user token it was opened with (revoking that token ends the session). */
  readonly userTokenId: string;
  /** ISO-8601 UTC. */
  readonly createdAt: string;
  /** ISO-8601 UTC: the session authenticates strictly before this instant. */
  readonly expiresAt: string;
}

/** A live session as the authenticator sees it. */
export interface LiveSession {
  readonly id: string;
  readonly userId: string;
  readonly expiresAt: string;
}

/** Persistence port of browser sessions. */
export interface SessionRepository {
  add(scope: Scope, record: SessionRecord): Promise<void>;
  /**
   * The session of a secret hash when it has not expired at `now` and the user token it was
   * opened with still exists and has not expired either.
   */
  live(scope: Scope, secretHash: string, now: string): Promise<LiveSession | undefined>;
  /** Deletes the session of a secret hash; false when there is none. */
  remove(scope: Scope, secretHash: string): Promise<boolean>;
  /** Deletes every session expired at `now`; answers how many. */
  removeExpired(scope: Scope, now: string): Promise<number>;
  /** Keeps the newest `keep` sessions of a user token and deletes the rest; answers how many went. */
  trim(scope: Scope, userTokenId: string, keep: number): Promise<number>;
}
