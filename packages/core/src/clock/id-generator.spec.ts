import { UuidV7Generator } from './id-generator';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('UuidV7Generator', () => {
  it('writes RFC 9562 version-7 text whose first 48 bits are the creation millisecond', () => {
    const before = Date.now();
    const id = new UuidV7Generator().next();
    const after = Date.now();
    expect(id).toMatch(UUID_V7);
    const ms = parseInt(id.replace(/-/g, '').slice(0, 12), 16);
    expect(ms).toBeGreaterThanOrEqual(before);
    expect(ms).toBeLessThanOrEqual(after);
  });

  it('keeps ids unique and in creation order across many refills of its random pool', () => {
    const ids = new UuidV7Generator();
    const made = Array.from({ length: 20_000 }, () => ids.next());
    expect(new Set(made).size).toBe(made.length);
    expect(made.findIndex((id, i) => i > 0 && id <= (made[i - 1] as string))).toBe(-1);
    expect(made.every((id) => UUID_V7.test(id))).toBe(true);
  });

  it('varies the random tail between ids of the same millisecond', () => {
    const ids = new UuidV7Generator();
    const tails = new Set(Array.from({ length: 100 }, () => ids.next().slice(19)));
    expect(tails.size).toBe(100);
  });
});
