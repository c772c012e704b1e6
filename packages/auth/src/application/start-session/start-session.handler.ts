import { inject, injectable } from 'inversify';
import {
  type Clock,
  CORE_TOKENS,
  type CommandHandler,
  type IdGenerator,
  toIsoUtc,
} from '@tickler/core';
import { AUTH_TOKENS } from '../../auth.tokens';
import { AdminSessionRefusedError, SessionTokenRejectedError } from '../../domain/auth.errors';
import { type AdminTokenSource } from '../ports/admin-token.port';
import { type SessionRepository } from '../ports/session.repository';
import { type TokenSecrets } from '../ports/token-secrets.port';
import { type TransactionRunner } from '../ports/transaction-runner.port';
import { type UserTokenRepository } from '../ports/user-token.repository';
import { StartSession, type StartedSession } from './start-session.command';

/** How long a session lasts at most, in ms (30 days); never past its token's expiry. */
export const SESSION_TTL_MS = 30 * 24 * 3_600_000;
/**
 * Live sessions kept per user token: opening one more ends the oldest, so a script looping on
 * `POST /v1/session` cannot grow the table without bound.
 */
export const MAX_SESSIONS_PER_TOKEN = 10;

/** Checks the token, stores the hash of a new secret, answers the secret once. */
@injectable()
export class StartSessionHandler implements CommandHandler<StartSession> {
  static readonly handles = StartSession;

  constructor(
    @inject(CORE_TOKENS.UnitOfWork) private readonly uow: TransactionRunner,
    @inject(CORE_TOKENS.Clock) private readonly clock: Clock,
    @inject(CORE_TOKENS.IdGenerator) private readonly ids: IdGenerator,
    @inject(AUTH_TOKENS.AdminToken) private readonly admin: AdminTokenSource,
    @inject(AUTH_TOKENS.UserTokenRepository) private readonly tokens: UserTokenRepository,
    @inject(AUTH_TOKENS.SessionRepository) private readonly sessions: SessionRepository,
    @inject(AUTH_TOKENS.TokenSecrets) private readonly secrets: TokenSecrets,
  ) {}

  async execute(command: StartSession): Promise<StartedSession> {
    const adminToken = this.admin.current();
    if (adminToken !== undefined && this.secrets.same(command.token, adminToken)) {
      throw new AdminSessionRefusedError();
    }
    const nowMs = this.clock.now().getTime();
    const now = toIsoUtc(nowMs);
    // Two random halves: a browser gets one as an httpOnly cookie and the other for its page to
    // keep in origin-scoped storage (the HTTP layer splits it), so neither half alone signs in.
    const secret = this.secrets.generate() + this.secrets.generate();
    return this.uow.run(async (tx) => {
      const token = await this.tokens.live(tx, this.secrets.hash(command.token), now);
      if (token === undefined) {
        throw new SessionTokenRejectedError();
      }
      const ttlEnd = toIsoUtc(nowMs + SESSION_TTL_MS);
      const expiresAt =
        token.expiresAt !== null && token.expiresAt < ttlEnd ? token.expiresAt : ttlEnd;
      const id = this.ids.next();
      await this.sessions.removeExpired(tx, now);
      await this.sessions.add(tx, {
        id,
        secretHash: this.secrets.hash(secret),
        userId: token.userId,
        userTokenId: token.id,
        createdAt: now,
        expiresAt,
      });
      await this.sessions.trim(tx, token.id, MAX_SESSIONS_PER_TOKEN);
      return { id, userId: token.userId, expiresAt, secret };
    });
  }
}
