import { createHmac, randomBytes } from 'node:crypto';
import { type ActionLinkGrant, readActionLink, signActionLink } from './action-link-token';

const key = randomBytes(32);
const grant: ActionLinkGrant = {
  recipientId: 'alice',
  inboxId: '0190f0c2-7a1e-7cc0-8000-000000000001',
  action: 'snooze',
  expiresAt: 2_000_000_000,
};

describe('action link tokens', () => {
  it('read back what they grant, until they expire', () => {
    const token = signActionLink(key, grant);
    expect(token).toMatch(/^a1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(readActionLink(key, token, grant.expiresAt - 1)).toEqual(grant);
    expect(readActionLink(key, token, grant.expiresAt)).toBe('expired');
  });

  it('another key, or any changed part, is forged', () => {
    const token = signActionLink(key, grant);
    expect(readActionLink(randomBytes(32), token, 0)).toBe('forged');
    // Granting another action, person or item needs a new signature.
    for (const other of [
      { ...grant, action: 'done' as const },
      { ...grant, recipientId: 'bob' },
      { ...grant, inboxId: '0190f0c2-7a1e-7cc0-8000-000000000002' },
      { ...grant, expiresAt: grant.expiresAt + 1 },
    ]) {
      const [, body] = signActionLink(key, other).split('.');
      const [version, , mac] = token.split('.');
      expect(readActionLink(key, `${version}.${body}.${mac}`, 0)).toBe('forged');
    }
    const last = token.at(-2) === 'A' ? 'B' : 'A';
    expect(readActionLink(key, `${token.slice(0, -2)}${last}${token.at(-1)}`, 0)).toBe('forged');
  });

  it.each([
    ['', 'empty'],
    ['a1.abc', 'two parts'],
    ['a2.abc.def', 'another version'],
    ['a1.ab c.def', 'a space'],
    [`a1.${'a'.repeat(600)}.def`, 'too long'],
  ])('%j is malformed (%s)', (token) => {
    expect(readActionLink(key, token, 0)).toBe('malformed');
  });

  it('a signed body that is not a grant is malformed', () => {
    const body = Buffer.from(JSON.stringify({ r: 'alice', a: 'delete' })).toString('base64url');
    const mac = createHmac('sha256', key).update(`a1.${body}`).digest('base64url');
    expect(readActionLink(key, `a1.${body}.${mac}`, 0)).toBe('malformed');
  });
});
