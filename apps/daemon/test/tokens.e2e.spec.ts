import fs from 'node:fs';
import path from 'node:path';
import { Api, DaemonProcess, type ErrorBody, queryDaemonDatabase } from '@tickler/testing';

// Issue 9, finding 6: user tokens can be listed, revoked and expire; the admin token rotates
// without a restart.

interface Issued {
  id: string;
  token: string;
  userId: string;
  createdAt: string;
  expiresAt: string | null;
}

let daemon: DaemonProcess;
let admin: Api;

beforeAll(async () => {
  daemon = await new DaemonProcess(DaemonProcess.tempDir()).start();
  admin = new Api(daemon.url, daemon.adminToken);
});

afterAll(async () => {
  await daemon.terminate();
});

describe('user token lifecycle over HTTP', () => {
  it('issues with an id, lists without secrets, revokes at once', async () => {
    const issued = await admin.post<Issued>('/v1/users/alice/tokens');
    expect(issued.status).toBe(201);
    expect(issued.body).toMatchObject({ userId: 'alice', expiresAt: null });
    expect(issued.body.id).toEqual(expect.any(String));
    const alice = admin.as(issued.body.token);
    expect((await alice.get('/v1/users/alice/notifications')).status).toBe(200);

    const list = await admin.get<{ items: { id: string }[] }>('/v1/users/alice/tokens');
    expect(list.status).toBe(200);
    expect(list.body.items.map((t) => t.id)).toContain(issued.body.id);
    const hashes = (
      await queryDaemonDatabase<{ token_hash: string }>(
        daemon.dbFile,
        'select token_hash from auth_user_tokens',
      )
    ).map((r) => r.token_hash);
    const text = JSON.stringify(list.body);
    expect(text).not.toContain(issued.body.token);
    expect(hashes.some((h) => text.includes(h))).toBe(false);

    const revoked = await admin.delete(`/v1/users/alice/tokens/${issued.body.id}`);
    expect(revoked.status).toBe(204);
    expect((await alice.get('/v1/users/alice/notifications')).status).toBe(401);
    const again = await admin.delete<ErrorBody>(`/v1/users/alice/tokens/${issued.body.id}`);
    expect(again.status).toBe(404);
    expect(again.body.error.code).toBe('AUTH.TOKEN_NOT_FOUND');
  });

  it("does not revoke another user's token through one's own path", async () => {
    const bobs = await admin.post<Issued>('/v1/users/bob/tokens');
    expect((await admin.delete(`/v1/users/alice/tokens/${bobs.body.id}`)).status).toBe(404);
    expect((await admin.as(bobs.body.token).get('/v1/users/bob/inbox')).status).toBe(200);
  });

  it('takes an optional expiry in the future, and refuses a past one naming expiresAt', async () => {
    const later = await admin.post<Issued>('/v1/users/carol/tokens', {
      expiresAt: '2099-01-01T01:00:00+01:00',
    });
    expect(later.status).toBe(201);
    expect(later.body.expiresAt).toBe('2099-01-01T00:00:00.000Z');
    const past = await admin.post<ErrorBody>('/v1/users/carol/tokens', {
      expiresAt: '2020-01-01T00:00:00Z',
    });
    expect(past.status).toBe(400);
    expect(past.body.error.fields?.map((f) => f.path)).toEqual(['expiresAt']);
  });

  it('rotates the admin token when admin.token is replaced, without a restart', async () => {
    const file = path.join(daemon.dir, 'admin.token');
    const old = daemon.adminToken;
    const next = 'a-rotated-admin-token-0123456789abcdef';
    fs.writeFileSync(`${file}.new`, `${next}\n`, { mode: 0o600 });
    fs.renameSync(`${file}.new`, file);
    expect((await new Api(daemon.url, old).get('/metrics')).status).toBe(401);
    expect((await new Api(daemon.url, next).get('/metrics')).status).toBe(200);
    admin = new Api(daemon.url, next);
  });
});
