import 'reflect-metadata';
import { type Application } from '@tickler/core';
import { createTestApplication } from '@tickler/core/testing';
import { AUTH_TOKENS, authContext, type Authenticator, IssueUserToken } from '../src';

const ADMIN = 'an-admin-token-of-enough-length';

let app: Application;
let authenticator: Authenticator;

beforeEach(async () => {
  ({ app } = await createTestApplication([authContext({ adminToken: { current: () => ADMIN } })]));
  authenticator = app.get<Authenticator>(AUTH_TOKENS.Authenticator);
});

afterEach(async () => {
  await app.stop();
});

function issue(userId: string): Promise<{ token: string }> {
  return app.dispatch(Object.assign(new IssueUserToken(), { userId }));
}

describe('auth context (real database)', () => {
  it('resolves the admin token, an issued user token, and nothing else', async () => {
    const { token } = await issue('alice');
    expect(await authenticator.principalOf(`Bearer ${ADMIN}`)).toEqual({ kind: 'admin' });
    expect(await authenticator.principalOf(`bearer ${token}`)).toEqual({
      kind: 'user',
      userId: 'alice',
    });
    expect(await authenticator.principalOf(`Bearer ${token}x`)).toBeUndefined();
    expect(await authenticator.principalOf(`Basic ${token}`)).toBeUndefined();
    expect(await authenticator.principalOf(undefined)).toBeUndefined();
  });

  it('stores only the hash of a user token', async () => {
    const { token } = await issue('alice');
    const rows = await app.database.kysely
      .selectFrom('auth_user_tokens' as never)
      .selectAll()
      .execute();
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows).toHaveLength(1);
  });

  it('refuses a user id outside the path alphabet, naming the field', async () => {
    await expect(issue('a/b')).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: [expect.objectContaining({ path: 'userId' })],
    });
  });
});
