/** DI tokens of the auth context. */
export const AUTH_TOKENS = {
  UserTokenRepository: Symbol.for('auth.UserTokenRepository'),
  SessionRepository: Symbol.for('auth.SessionRepository'),
  TokenSecrets: Symbol.for('auth.TokenSecrets'),
  AdminToken: Symbol.for('auth.AdminToken'),
  Authenticator: Symbol.for('auth.Authenticator'),
} as const;
