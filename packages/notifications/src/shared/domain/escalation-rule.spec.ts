import { MAX_ESCALATE_AFTER_MS, parseEscalation } from './escalation-rule';

const KINDS = ['webhook', 'push', 'email', 'ntfy'];

/** The error `parseEscalation` throws for `value`. */
function refusal(value: unknown): unknown {
  try {
    parseEscalation(value, 'escalate', KINDS);
  } catch (error) {
    return error;
  }
  throw new Error(`accepted ${JSON.stringify(value)}`);
}

describe('parseEscalation', () => {
  it('reads after and channel', () => {
    expect(parseEscalation({ after: '1h', channel: 'email' }, 'escalate', KINDS)).toEqual({
      afterMs: 3_600_000,
      channel: 'email',
    });
    expect(parseEscalation({ after: '1m', channel: 'ntfy' }, 'escalate', KINDS).afterMs).toBe(
      60_000,
    );
    expect(parseEscalation({ after: '7d', channel: 'push' }, 'escalate', KINDS).afterMs).toBe(
      MAX_ESCALATE_AFTER_MS,
    );
  });

  it.each([null, 'email', [], 3])('refuses %j as a whole, naming escalate', (value) => {
    expect(refusal(value)).toMatchObject({ field: 'escalate' });
  });

  it.each([
    { channel: 'email' },
    { after: '59s', channel: 'email' },
    { after: '8d', channel: 'email' },
    { after: '60', channel: 'email' },
    { after: 60_000, channel: 'email' },
  ])('refuses the wait in %j naming escalate.after', (value) => {
    expect(refusal(value)).toMatchObject({ field: 'escalate.after' });
  });

  it.each([{ after: '1h' }, { after: '1h', channel: 'inbox' }, { after: '1h', channel: 'fax' }])(
    'refuses the channel in %j naming escalate.channel',
    (value) => {
      expect(refusal(value)).toMatchObject({ field: 'escalate.channel' });
    },
  );

  it('refuses an unknown key naming it', () => {
    expect(refusal({ after: '1h', channel: 'email', when: 'now' })).toMatchObject({
      field: 'escalate.when',
    });
  });
});
