import { TEST_ADMIN_TOKEN as ADMIN, useAuthTestApp } from './support/auth-test-app';
import { type IssuedUserToken, IssueUserToken, ListUserTokens, RevokeUserToken } from '../src';

const ctx = useAuthTestApp();

function issue(userId: string, expiresAt?: string): Promise<IssuedUserToken> {
  return ctx.app.dispatch(
    Object.assign(new IssueUserToken(), { userId, ...(expiresAt ? { expiresAt } : {}) }),
  );
}

const principal = (token: string) => ctx.authenticator.principalOf(`Bearer ${token}`);

describe('auth context (real database)', () => {
  it('resolves the admin token, an issued user token, and nothing else', async () => {
    const { token } = await issue('alice');
    expect(await ctx.authenticator.principalOf(`Bearer ${ADMIN}`)).toEqual({ kind: 'admin' });
    expect(await ctx.authenticator.principalOf(`bearer ${token}`)).toEqual({
      kind: 'user',
      userId: 'alice',
    });
    expect(await ctx.authenticator.principalOf(`Bearer ${token}x`)).toBeUndefined();
    expect(await ctx.authenticator.principalOf(`Basic ${token}`)).toBeUndefined();
    expect(await ctx.authenticator.principalOf(undefined)).toBeUndefined();
  });

  it('stores only the hash of a user token', async () => {
    const { token } = await issue('alice');
    const rows = await ctx.app.database.kysely
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

describe('user token lifecycle (real database, manual clock)', () => {
  it('lists tokens without secrets, revokes one at once, and 404s a token of another user', async () => {
    const first = await issue('alice');
    const second = await issue('alice', '2026-09-11T08:30:00+02:00');
    await issue('bob');
    expect(first).toMatchObject({
      userId: 'alice',
      expiresAt: null,
      createdAt: expect.any(String) as string,
    });
    expect(second.expiresAt).toBe('2026-09-11T06:30:00.000Z');
    const list = await ctx.app.dispatch(Object.assign(new ListUserTokens(), { userId: 'alice' }));
    expect(list.items.map((t) => t.id)).toEqual([first.id, second.id]);
    expect(JSON.stringify(list)).not.toContain(first.token);
    expect(list.items[0]).toEqual({
      id: first.id,
      userId: 'alice',
      createdAt: first.createdAt,
      expiresAt: null,
      expired: false,
    });

    await ctx.app.dispatch(
      Object.assign(new RevokeUserToken(), { userId: 'alice', tokenId: first.id }),
    );
    expect(await principal(first.token)).toBeUndefined();
    expect(await principal(second.token)).toEqual({ kind: 'user', userId: 'alice' });
    await expect(
      ctx.app.dispatch(Object.assign(new RevokeUserToken(), { userId: 'bob', tokenId: second.id })),
    ).rejects.toMatchObject({ code: 'AUTH.TOKEN_NOT_FOUND' });
  });

  it('stops a token at its expiry, to the millisecond, and lists it as expired', async () => {
    const token = await issue('alice', '2026-09-10T09:30:00Z');
    expect(await principal(token.token)).toEqual({ kind: 'user', userId: 'alice' });
    ctx.clock.set('2026-09-10T09:29:59.999Z');
    expect(await principal(token.token)).toBeDefined();
    ctx.clock.set('2026-09-10T09:30:00.000Z');
    expect(await principal(token.token)).toBeUndefined();
    const list = await ctx.app.dispatch(Object.assign(new ListUserTokens(), { userId: 'alice' }));
    expect(list.items[0]?.expired).toBe(true);
  });

  it('refuses an expiry that is not in the future, naming expiresAt', async () => {
    await expect(issue('alice', '2026-09-10T08:30:00Z')).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      field: 'expiresAt',
    });
    await expect(issue('alice', 'tomorrow')).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});
