import 'reflect-metadata';
import { type Application, type ManualClock } from '@tickler/core';
import { createTestApplication } from '@tickler/core/testing';
import { AUTH_TOKENS, authContext, type Authenticator } from '../../src/context';

/** The admin token the suites' auth context runs with. */
export const TEST_ADMIN_TOKEN = 'an-admin-token-of-enough-length';

/** A suite's view of a fresh auth context (real database, manual clock). */
export interface AuthTestApp {
  app: Application;
  clock: ManualClock;
  authenticator: Authenticator;
}

/**
 * Gives each test a fresh application with only the auth context (SQLite, or PostgreSQL under
 * `test-postgres`) and stops it after the test; read the fields inside tests, not at load time.
 */
export function useAuthTestApp(): AuthTestApp {
  const current = {} as AuthTestApp;
  beforeEach(async () => {
    const { app, clock } = await createTestApplication([
      authContext({ adminToken: { current: () => TEST_ADMIN_TOKEN } }),
    ]);
    Object.assign(current, {
      app,
      clock,
      authenticator: app.get<Authenticator>(AUTH_TOKENS.Authenticator),
    });
  });
  afterEach(async () => {
    await current.app.stop();
  });
  return current;
}
