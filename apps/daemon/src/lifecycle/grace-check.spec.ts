import { graceWarning } from './grace-check';

describe('graceWarning (seed 004: grace > sweep cadence + slack)', () => {
  it('says nothing for the default 12h nor anything above 2m', () => {
    expect(graceWarning(12 * 3_600_000)).toBeUndefined();
    expect(graceWarning(120_001)).toBeUndefined();
  });

  it.each([120_000, 60_000, 2_000])('warns for %d ms, naming the setting and the floor', (ms) => {
    const warning = graceWarning(ms);
    expect(warning).toContain(`TICKLER_GRACE (${ms} ms)`);
    expect(warning).toContain('give more than 2m');
  });
});
