// `@tickler/auth`: the public contract of the auth context — what its callers use: commands
// (with their results), views, the principal a request acts as, errors. Importing it loads no
// wiring: the factory, migrations, DI tokens, the authenticator and the admin-token file are
// `@tickler/auth/context`, for the processes that compose the context.
export { type Principal } from './domain/principal';
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
