// `@tickler/auth/context`: the wiring — what a process that composes the auth context needs
// (the factory and its options, its migrations, DI tokens, the authenticator its requests ask,
// the admin-token file and source it resolves before anything else). Callers of the context
// import its contract from `@tickler/auth`.
export { authContext, type AuthContextOptions } from './auth.context';
export { AUTH_TOKENS } from './auth.tokens';
export { authMigrations } from './migrations/auth.migrations';
export { Authenticator } from './application/authenticate/authenticator';
export { type AdminTokenSource } from './application/ports/admin-token.port';
export { AdminTokenFileSource } from './infrastructure/admin-token-source';
export { generateToken } from './infrastructure/crypto-token-secrets';
export {
  readTokenFile,
  ensureAdminToken,
  AdminTokenError,
  type AdminToken,
  type AdminTokenSettings,
} from './infrastructure/admin-token-file';
