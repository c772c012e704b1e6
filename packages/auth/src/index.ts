// Public surface of the auth context: the context factory, its commands, the authenticator
// and the admin-token resolution the composition root runs before anything else.
export { authContext, type AuthContextOptions } from './auth.context';
export { AUTH_TOKENS } from './auth.tokens';
// `tickler migrate` brings a PostgreSQL schema up to date without composing the context.
export { authMigrations } from './infrastructure/auth.migrations';
export { type Principal } from './domain/principal';
export { type AdminTokenSource } from './application/ports/admin-token.port';
export { Authenticator } from './application/authenticate/authenticator';
export {
  IssueUserToken,
  type IssuedUserToken,
} from './application/issue-user-token/issue-user-token.command';
export { ListUserTokens } from './application/list-user-tokens/list-user-tokens.command';
export { RevokeUserToken } from './application/revoke-user-token/revoke-user-token.command';
export {
  StartSession,
  type StartedSession,
} from './application/start-session/start-session.command';
export {
  SESSION_TTL_MS,
  MAX_SESSIONS_PER_TOKEN,
} from './application/start-session/start-session.handler';
export { EndSession } from './application/end-session/end-session.command';
export { type LiveSession } from './application/ports/session.repository';
export { type UserTokenView } from './application/user-token.view';
export {
  UserTokenNotFoundError,
  SessionTokenRejectedError,
  AdminSessionRefusedError,
} from './domain/auth.errors';
export { AdminTokenFileSource } from './infrastructure/admin-token-source';
export { generateToken } from './infrastructure/crypto-token-secrets';
export {
  readTokenFile,
  ensureAdminToken,
  AdminTokenError,
  type AdminToken,
  type AdminTokenSettings,
} from './infrastructure/admin-token-file';
