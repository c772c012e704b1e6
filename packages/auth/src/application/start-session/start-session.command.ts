import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { Command } from '@tickler/core';

/** What {@link StartSession} answers: the session and its secret (the cookie's value). */
export interface StartedSession {
  /** Public id of the session. */
  id: string;
  userId: string;
  /** ISO-8601 UTC: the session ends then at the latest (earlier if its token is revoked). */
  expiresAt: string;
  /**
   * The session's secret (86 base64url characters: two random halves of 43, which the HTTP
   * layer hands out as a cookie and a header the page keeps); stored only as its hash, never
   * shown again.
   */
  secret: string;
}

/**
 * Exchanges a user token for a browser session that acts exactly as that token does (the
 * user's own paths). The admin token is refused: a page never holds admin rights.
 */
export class StartSession extends Command<StartedSession> {
  static readonly type = 'auth.start-session';

  /** A user token as issued (`POST /v1/users/{userId}/tokens`). */
  @IsString() @IsNotEmpty() @MaxLength(1000) token!: string;
}
