import { ReplayWindow } from './replay-window';

const all = () => true;

describe('ReplayWindow', () => {
  it('numbers events consecutively under one random epoch per window', () => {
    const window = new ReplayWindow();
    const a = window.append('u', (id) => `id: ${id}\n\n`);
    const b = window.append('u', (id) => `id: ${id}\n\n`);
    expect(a.id).toBe(`${window.epoch}-1`);
    expect(b.id).toBe(`${window.epoch}-2`);
    expect(b.frame).toBe(`id: ${window.epoch}-2\n\n`);
    expect(new ReplayWindow().epoch).not.toBe(window.epoch);
  });

  it('resumes after a known id with nothing before it, and with nothing at all at the head', () => {
    const window = new ReplayWindow();
    const ids = [1, 2, 3].map(() => window.append('u', () => 'x').id);
    expect(window.resume(ids[0]!, all)).toEqual({
      gap: false,
      reason: undefined,
      events: [expect.objectContaining({ seq: 2 }), expect.objectContaining({ seq: 3 })],
    });
    expect(window.resume(ids[2]!, all).events).toEqual([]);
    expect(window.resume(ids[2]!, all).gap).toBe(false);
  });

  it('reports a gap for an id older than the window, from another epoch, in the future or malformed', () => {
    const window = new ReplayWindow({ maxEvents: 2, maxBytes: 1_000 });
    const first = window.append('u', () => 'x').id;
    const second = window.append('u', () => 'x').id;
    window.append('u', () => 'x');
    expect(window.size).toBe(2);
    // The oldest kept is 2: after 1 nothing is lost, before it something is.
    expect(window.resume(first, all)).toMatchObject({
      gap: false,
      events: [{ seq: 2 }, { seq: 3 }],
    });
    window.append('u', () => 'x');
    expect(window.resume(first, all)).toMatchObject({ gap: true, reason: 'expired' });
    expect(window.resume(second, all)).toMatchObject({
      gap: false,
      events: [{ seq: 3 }, { seq: 4 }],
    });
    for (const id of ['0123456789abcdef-1', `${window.epoch}-99`, 'garbage', '']) {
      expect(window.resume(id, all)).toMatchObject({ gap: true, reason: 'unknown-id' });
    }
    expect(window.resume('garbage', all).events.map((e) => e.seq)).toEqual([3, 4]);
  });

  it('drops the oldest frames past the byte bound, and filters what a client may see', () => {
    const window = new ReplayWindow({ maxEvents: 100, maxBytes: 10 });
    window.append('a', () => '12345');
    window.append('b', () => '12345');
    window.append('a', () => '12345');
    expect(window.size).toBe(2);
    const mine = window.resume('x', (e) => e.recipient === 'a');
    expect(mine.events.map((e) => e.seq)).toEqual([3]);
  });
});
