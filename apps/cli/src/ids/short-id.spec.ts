import { idsMatching, isFullId, isShortIdText, shortId } from './short-id';

const A = '019ad7f2-3c41-7e10-8a55-1b2c3d7f3a2c';
const B = '019ad7f2-3c42-7a00-9b11-aabbcc8e01f4';
const C = '019ad7f2-9d00-7000-8000-0000007f3a2c';

describe('short ids', () => {
  it('prints the last 6 hex digits: the random part UUIDv7 ids do not share', () => {
    expect(shortId(A)).toBe('7f3a2c');
    expect(shortId(B)).toBe('8e01f4');
  });

  it('matches a suffix or a prefix of the hex digits, ignoring dashes and case', () => {
    expect(idsMatching('8E01F4', [A, B])).toEqual([B]);
    expect(idsMatching('cc8e01f4', [A, B])).toEqual([B]);
    expect(idsMatching('019ad7f23c41', [A, B])).toEqual([A]);
    // Both share the time prefix, and A and C share the 6-digit tail: ambiguous.
    expect(idsMatching('019ad7f2', [A, B])).toEqual([A, B]);
    expect(idsMatching('7f3a2c', [A, B, C])).toEqual([A, C]);
    expect(idsMatching('d7f3a2c', [A, B, C])).toEqual([A]);
    expect(idsMatching('abcd', [A, B])).toEqual([]);
  });

  it('takes 4–12 hex digits as typed text, and full UUIDs as they are', () => {
    expect(isShortIdText('7f3a')).toBe(true);
    expect(isShortIdText('7f3')).toBe(false);
    expect(isShortIdText('7f3a2c7f3a2c7')).toBe(false);
    expect(isShortIdText('7f3z')).toBe(false);
    expect(isFullId(A)).toBe(true);
    expect(isFullId(shortId(A))).toBe(false);
  });
});
