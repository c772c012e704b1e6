import { inject, injectable } from 'inversify';
import { type Clock, CORE_TOKENS, type Database, toIsoUtc } from '@tickler/core';
import { AUTH_TOKENS } from '../../auth.tokens';
import { type Principal } from '../../domain/principal';
import { type AdminTokenSource } from '../ports/admin-token.port';
import { type LiveSession, type SessionRepository } from '../ports/session.repository';
import { type TokenSecrets } from '../ports/token-secrets.port';
import { type UserTokenRepository } from '../ports/user-token.repository';

/**
 * Resolves a bearer token to a principal: issued user tokens that have not expired (a revoked
 * one no longer exists), then the admin token in force. A browser session (cookie) resolves to
 * the user of the token it was opened with, never to the admin.
 */
@injectable()
export class Authenticator {
  constructor(
    @inject(AUTH_TOKENS.AdminToken) private readonly admin: AdminTokenSource,
    @inject(AUTH_TOKENS.UserTokenRepository) private readonly users: UserTokenRepository,
    @inject(AUTH_TOKENS.TokenSecrets) private readonly secrets: TokenSecrets,
    @inject(AUTH_TOKENS.SessionRepository) private readonly sessions: SessionRepository,
    @inject(CORE_TOKENS.Database) private readonly database: Pick<Database, 'kysely'>,
    @inject(CORE_TOKENS.Clock) private readonly clock: Clock,
  ) {}

  /** The principal of an `Authorization` header, or undefined when missing or unknown. */
  async principalOf(authorization: string | undefined): Promise<Principal | undefined> {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
    const token = match?.[1];
    if (!token) {
      return undefined;
    }
    // User tokens first: they carry nearly every request, and asking for the admin token in
    // force costs a stat of its file (a rotation is seen on the next admin request). A user
    // token is 32 random bytes made here, so no token can be both.
    const userId = await this.users.userOf(
      { db: this.database.kysely },
      this.secrets.hash(token),
      toIsoUtc(this.clock.now()),
    );
    if (userId !== undefined) {
      return { kind: 'user', userId };
    }
    const admin = this.admin.current();
    if (admin !== undefined && this.secrets.same(token, admin)) {
      return { kind: 'admin' };
    }
    return undefined;
  }

  /** The live session of a cookie secret (not expired, its token still valid), or undefined. */
  async sessionOf(secret: string | undefined): Promise<LiveSession | undefined> {
    if (secret === undefined || secret === '' || secret.length > 200) {
      return undefined;
    }
    return this.sessions.live(
      { db: this.database.kysely },
      this.secrets.hash(secret),
      toIsoUtc(this.clock.now()),
    );
  }

  /** The principal of a session cookie's secret: always one user, or undefined. */
  async principalOfSession(secret: string | undefined): Promise<Principal | undefined> {
    const session = await this.sessionOf(secret);
    return session === undefined ? undefined : { kind: 'user', userId: session.userId };
  }
}
