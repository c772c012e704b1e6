import { TEST_ADMIN_TOKEN as ADMIN, useAuthTestApp } from './support/auth-test-app';
import {
  EndSession,
  IssueUserToken,
  MAX_SESSIONS_PER_TOKEN,
  RevokeUserToken,
  SESSION_TTL_MS,
  StartSession,
  type StartedSession,
} from '../src';

const ctx = useAuthTestApp();

const issue = (userId: string, expiresAt?: string) =>
  ctx.app.dispatch(
    Object.assign(new IssueUserToken(), { userId, ...(expiresAt ? { expiresAt } : {}) }),
  );
const start = (token: string): Promise<StartedSession> =>
  ctx.app.dispatch(Object.assign(new StartSession(), { token }));
const end = (secret: string) => ctx.app.dispatch(Object.assign(new EndSession(), { secret }));

describe('browser sessions (real database, manual clock)', () => {
  it('exchanges a user token for a session that acts as that user, stored as a hash only', async () => {
    const { token } = await issue('alice');
    const session = await start(token);
    expect(session).toMatchObject({ userId: 'alice', secret: expect.any(String) as string });
    expect(session.secret).not.toBe(token);
    expect(await ctx.authenticator.principalOfSession(session.secret)).toEqual({
      kind: 'user',
      userId: 'alice',
    });
    expect(await ctx.authenticator.principalOfSession(`${session.secret}x`)).toBeUndefined();
    expect(await ctx.authenticator.principalOfSession(undefined)).toBeUndefined();
    // A session secret is not a bearer token, and a bearer token is not a session secret.
    expect(await ctx.authenticator.principalOf(`Bearer ${session.secret}`)).toBeUndefined();
    expect(await ctx.authenticator.principalOfSession(token)).toBeUndefined();
    const rows = await ctx.app.database.kysely
      .selectFrom('auth_sessions' as never)
      .selectAll()
      .execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(session.secret);
  });

  it('refuses the admin token (403 code) and an unknown token (401 code)', async () => {
    await expect(start(ADMIN)).rejects.toMatchObject({ code: 'AUTH.FORBIDDEN' });
    await expect(start('no-such-token')).rejects.toMatchObject({ code: 'AUTH.UNAUTHENTICATED' });
    await expect(start('')).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('ends on sign-out, and ending it again says so without failing', async () => {
    const session = await start((await issue('alice')).token);
    await expect(end(session.secret)).resolves.toEqual({ ended: true });
    expect(await ctx.authenticator.sessionOf(session.secret)).toBeUndefined();
    await expect(end(session.secret)).resolves.toEqual({ ended: false });
  });

  it('ends when the token it was opened with is revoked', async () => {
    const issued = await issue('alice');
    const session = await start(issued.token);
    await ctx.app.dispatch(
      Object.assign(new RevokeUserToken(), { userId: 'alice', tokenId: issued.id }),
    );
    expect(await ctx.authenticator.sessionOf(session.secret)).toBeUndefined();
  });

  it('lasts 30 days at most, to the millisecond, and never past its token', async () => {
    const opened = ctx.clock.now().getTime();
    const session = await start((await issue('alice')).token);
    expect(Date.parse(session.expiresAt)).toBe(opened + SESSION_TTL_MS);
    ctx.clock.set(new Date(opened + SESSION_TTL_MS - 1).toISOString());
    expect(await ctx.authenticator.sessionOf(session.secret)).toBeDefined();
    ctx.clock.set(new Date(opened + SESSION_TTL_MS).toISOString());
    expect(await ctx.authenticator.sessionOf(session.secret)).toBeUndefined();

    const until = new Date(ctx.clock.now().getTime() + 60_000).toISOString();
    const short = await start((await issue('bob', until)).token);
    expect(short.expiresAt).toBe(until);
    await ctx.clock.advance(60_000);
    expect(await ctx.authenticator.sessionOf(short.secret)).toBeUndefined();
  });

  it(`keeps ${MAX_SESSIONS_PER_TOKEN} sessions per token: one more ends the oldest`, async () => {
    const { token } = await issue('alice');
    const sessions: StartedSession[] = [];
    for (let i = 0; i <= MAX_SESSIONS_PER_TOKEN; i += 1) {
      sessions.push(await start(token));
      await ctx.clock.advance(1);
    }
    expect(await ctx.authenticator.sessionOf(sessions[0]!.secret)).toBeUndefined();
    expect(await ctx.authenticator.sessionOf(sessions[1]!.secret)).toBeDefined();
    expect(await ctx.authenticator.sessionOf(sessions.at(-1)!.secret)).toBeDefined();
  });
});
