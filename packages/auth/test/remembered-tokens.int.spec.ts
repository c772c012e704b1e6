import 'reflect-metadata';
import { type Application, type Database } from '@tickler/core';
import {
  createTempDirectory,
  createTestApplication,
  openTestDatabase,
  type TempDirectory,
} from '@tickler/core/testing';
import { TEST_ADMIN_TOKEN } from './support/auth-test-app';
import { type IssuedUserToken, IssueUserToken, RevokeUserToken } from '../src';
import { AUTH_TOKENS, authContext, type Authenticator } from '../src/context';

// The authenticator remembers tokens it found live (CachedUserTokenRepository, SQLite): a
// revocation must still be refused on the token's very next use, wherever it was made.

let dir: TempDirectory;
let app: Application;
let authenticator: Authenticator;
let other: Database | undefined;

beforeEach(async () => {
  dir = createTempDirectory();
  ({ app } = await createTestApplication(
    [authContext({ adminToken: { current: () => TEST_ADMIN_TOKEN } })],
    { file: dir.file('app.db') },
  ));
  authenticator = app.get<Authenticator>(AUTH_TOKENS.Authenticator);
});

afterEach(async () => {
  await other?.close();
  other = undefined;
  await app.stop();
  dir.remove();
});

const issue = (userId: string): Promise<IssuedUserToken> =>
  app.dispatch(Object.assign(new IssueUserToken(), { userId }));

const principal = (token: string) => authenticator.principalOf(`Bearer ${token}`);

describe('remembered user tokens', () => {
  it('refuses a token revoked in this process on its next use, right after it was used', async () => {
    const kept = await issue('alice');
    const revoked = await issue('alice');
    expect(await principal(revoked.token)).toEqual({ kind: 'user', userId: 'alice' });
    expect(await principal(kept.token)).toEqual({ kind: 'user', userId: 'alice' });
    await app.dispatch(
      Object.assign(new RevokeUserToken(), { userId: 'alice', tokenId: revoked.id }),
    );
    expect(await principal(revoked.token)).toBeUndefined();
    expect(await principal(kept.token)).toEqual({ kind: 'user', userId: 'alice' });
  });

  it('refuses a token another connection deleted (another process revoking) on its next use', async () => {
    const token = await issue('alice');
    expect(await principal(token.token)).toEqual({ kind: 'user', userId: 'alice' });
    // A second connection on the same file (a schema standing for it on PostgreSQL).
    other = await openTestDatabase({ file: dir.file('app.db') });
    await other.kysely
      .deleteFrom('auth_user_tokens' as never)
      .where('id' as never, '=', token.id as never)
      .execute();
    // Another process's commit is seen from the next turn of the event loop on (a request sent
    // after the revocation's answer is read in a later turn than the one that used the token).
    await new Promise((resolve) => setImmediate(resolve));
    expect(await principal(token.token)).toBeUndefined();
  });

  it('a lookup under way while the token is revoked does not bring it back', async () => {
    const token = await issue('alice');
    const during = principal(token.token);
    await app.dispatch(
      Object.assign(new RevokeUserToken(), { userId: 'alice', tokenId: token.id }),
    );
    // Whatever the lookup under way answered, the token is refused from now on.
    await during;
    expect(await principal(token.token)).toBeUndefined();
  });

  it('still resolves the admin token, which is asked only after the user-token lookup', async () => {
    expect(await authenticator.principalOf(`Bearer ${TEST_ADMIN_TOKEN}`)).toEqual({
      kind: 'admin',
    });
    expect(await authenticator.principalOf(`Bearer ${TEST_ADMIN_TOKEN}x`)).toBeUndefined();
  });
});
