import { eventually } from './eventually';

describe('eventually', () => {
  it('returns the first value the probe gives, polling until then', async () => {
    let calls = 0;
    const value = await eventually(() => (++calls === 3 ? 'ready' : undefined), 10_000, 1);
    expect(value).toBe('ready');
    expect(calls).toBe(3);
  });

  it('takes a falsy value other than undefined as an answer', async () => {
    expect(await eventually(() => 0, 10_000, 1)).toBe(0);
  });

  it('throws once the deadline has passed without an answer', async () => {
    await expect(eventually(() => undefined, 0, 1)).rejects.toThrow(
      'condition not met within 0 ms',
    );
  });
});
