import { CliError } from '../cli.error';
import { resolveSince } from './resolve-since';

const NOW = new Date('2026-12-02T14:20:00.000Z');

describe('--since', () => {
  it('reads a duration back from now, a local date, or an instant', () => {
    expect(resolveSince('2d', NOW).toISOString()).toBe('2026-11-30T14:20:00.000Z');
    expect(resolveSince('90m', NOW).toISOString()).toBe('2026-12-02T12:50:00.000Z');
    expect(resolveSince('2026-12-01', NOW).getTime()).toBe(new Date(2026, 11, 1).getTime());
    expect(resolveSince('2026-12-01T09:00:00+01:00', NOW).toISOString()).toBe(
      '2026-12-01T08:00:00.000Z',
    );
  });

  it.each(['soon', '2026-02-30', '2026-12-01T25:00:00Z', '5'])(
    'refuses %j as a usage error naming --since',
    (text) => {
      expect(() => resolveSince(text, NOW)).toThrow(CliError);
      try {
        resolveSince(text, NOW);
      } catch (error) {
        expect((error as CliError).exitCode).toBe(2);
        expect((error as CliError).message).toMatch(/^--since: /);
      }
    },
  );
});
