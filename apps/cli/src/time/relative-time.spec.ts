import { relativeTime } from './relative-time';

const NOW = new Date('2026-12-02T14:20:00.000Z');
const after = (ms: number): Date => new Date(NOW.getTime() + ms);
const MIN = 60_000;

describe('relativeTime', () => {
  it.each([
    [0, 'now'],
    [45_000, 'in 45 seconds'],
    [MIN, 'in 1 minute'],
    [10 * MIN, 'in 10 minutes'],
    [90 * MIN, 'in 1 hour 30 minutes'],
    [18 * 60 * MIN + 40 * MIN, 'in 18 hours 40 minutes'],
    [2 * 24 * 60 * MIN, 'in 2 days'],
    [(2 * 24 + 5) * 60 * MIN, 'in 2 days 5 hours'],
    [10 * 24 * 60 * MIN + 3 * 60 * MIN, 'in 10 days'],
    [-3 * MIN, '3 minutes ago'],
  ])('%i ms from now is "%s"', (ms, text) => {
    expect(relativeTime(after(ms), NOW)).toBe(text);
  });
});
