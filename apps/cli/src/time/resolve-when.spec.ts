import { CliError } from '../cli.error';
import { resolveWhen } from './resolve-when';

const NOW = new Date('2026-12-02T14:20:00.000Z');

function usage(options: { at?: string; in?: string }): CliError {
  try {
    resolveWhen(options, NOW, true);
  } catch (error) {
    expect(error).toBeInstanceOf(CliError);
    return error as CliError;
  }
  throw new Error('accepted');
}

describe('the CLI’s --at / --in', () => {
  it('--in takes a duration with its unit', () => {
    expect(resolveWhen({ in: '90s' }, NOW, false)?.toISOString()).toBe('2026-12-02T14:21:30.000Z');
    expect(resolveWhen({ in: '1h 30m' }, NOW, false)?.toISOString()).toBe(
      '2026-12-02T15:50:00.000Z',
    );
    expect(resolveWhen({ in: '1.5h' }, NOW, false)?.toISOString()).toBe('2026-12-02T15:50:00.000Z');
    expect(resolveWhen({ in: 'PT2H' }, NOW, false)?.toISOString()).toBe('2026-12-02T16:20:00.000Z');
  });

  it('--in takes the unit as a word too: 90min, 30sec, "5 minutes", "2 days" (issue 31)', () => {
    const after = (text: string) => resolveWhen({ in: text }, NOW, false)?.toISOString();
    expect(after('90min')).toBe('2026-12-02T15:50:00.000Z');
    expect(after('30sec')).toBe('2026-12-02T14:20:30.000Z');
    expect(after('5 minutes')).toBe('2026-12-02T14:25:00.000Z');
    expect(after('2 days')).toBe('2026-12-04T14:20:00.000Z');
    expect(after('1 hour')).toBe('2026-12-02T15:20:00.000Z');
    expect(usage({ in: '5 fortnights' }).exitCode).toBe(2);
  });

  it('--in 5 is a one-line usage error naming --in, not 5 milliseconds', () => {
    const error = usage({ in: '5' });
    expect(error.exitCode).toBe(2);
    expect(error.message).toMatch(/^--in: "5" has no unit; write e\.g\. 5s, 5m or 5h/);
    expect(error.message).not.toContain('\n');
  });

  it('--at uses the shared rule: durations, words, ISO; partial text is refused', () => {
    expect(resolveWhen({ at: '90m' }, NOW, false)?.toISOString()).toBe('2026-12-02T15:50:00.000Z');
    expect(resolveWhen({ at: '2026-12-24T09:00:00Z' }, NOW, false)?.toISOString()).toBe(
      '2026-12-24T09:00:00.000Z',
    );
    expect(usage({ at: 'tomorrow at noon blah' }).message).toMatch(
      /^--at: understood only "tomorrow at noon"/,
    );
    expect(usage({ at: 'yesterday' }).message).toMatch(/^--at: .*not in the future/);
  });
});
