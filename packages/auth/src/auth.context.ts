import { ContainerModule } from 'inversify';
import { BoundedContext } from '@tickler/core';
import { Authenticator } from './application/authenticate/authenticator';
import { EndSessionHandler } from './application/end-session/end-session.handler';
import { StartSessionHandler } from './application/start-session/start-session.handler';
import { IssueUserTokenHandler } from './application/issue-user-token/issue-user-token.handler';
import { ListUserTokensHandler } from './application/list-user-tokens/list-user-tokens.handler';
import { RevokeUserTokenHandler } from './application/revoke-user-token/revoke-user-token.handler';
import { type AdminTokenSource } from './application/ports/admin-token.port';
import { AUTH_TOKENS } from './auth.tokens';
import { authMigrations } from './migrations/auth.migrations';
import { CryptoTokenSecrets } from './infrastructure/crypto-token-secrets';
import { KyselySessionRepository } from './infrastructure/kysely-session.repository';
import { CachedUserTokenRepository } from './infrastructure/cached-user-token.repository';

/** Options of {@link authContext}. */
export interface AuthContextOptions {
  /** The admin token in force (asked on every request). */
  readonly adminToken: AdminTokenSource;
}

/**
 * The auth bounded context: user tokens (issued by the admin, stored as hashes), browser
 * sessions opened with them, and the authenticator that turns a bearer header or a session
 * secret into a principal. Same database as every context;
 * its tables and ledger are prefixed `auth_`.
 */
export function authContext(options: AuthContextOptions): BoundedContext {
  return BoundedContext.create({
    name: 'auth',
    migrations: authMigrations,
    bindings: new ContainerModule(({ bind }) => {
      bind(AUTH_TOKENS.AdminToken).toConstantValue(options.adminToken);
      bind(AUTH_TOKENS.UserTokenRepository).to(CachedUserTokenRepository).inSingletonScope();
      bind(AUTH_TOKENS.SessionRepository).to(KyselySessionRepository).inSingletonScope();
      bind(AUTH_TOKENS.TokenSecrets).to(CryptoTokenSecrets).inSingletonScope();
      bind(AUTH_TOKENS.Authenticator).to(Authenticator).inSingletonScope();
    }),
    commands: [
      IssueUserTokenHandler,
      ListUserTokensHandler,
      RevokeUserTokenHandler,
      StartSessionHandler,
      EndSessionHandler,
    ],
  });
}
