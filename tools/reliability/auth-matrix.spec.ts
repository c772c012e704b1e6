import { runAuthMatrix } from './scenarios/auth-matrix.scenario';
import { daemonPerFile } from '@tickler/testing';

const shared = daemonPerFile({ build: true, tempPrefix: 'tickler-rel-' });

describe('scenario 8: auth matrix against the real daemon', () => {
  it('answers every route × {no token, unknown, other user, admin} as due, leaks nothing, keeps tokens secret', async () => {
    const result = await runAuthMatrix(shared.daemon);
    expect(result.violations).toEqual([]);
    expect(result.figures.routes).toBeGreaterThanOrEqual(17);
  }, 60_000);
});
