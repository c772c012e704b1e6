import { CommandValidationError } from '@tickler/core';
import { emailAddressProblem, prepareEmailTarget } from './email-target';

describe('email subscription target', () => {
  it('keeps the address, its domain in lower case as the key', () => {
    expect(
      prepareEmailTarget({ recipientId: 'alice', kind: 'email', address: 'Alice.B@Example.ORG' }),
    ).toEqual({
      targetKey: 'Alice.B@example.org',
      // Unconfirmed until its owner types back the code mailed to it.
      target: {
        address: 'Alice.B@example.org',
        confirmedAt: null,
        codeHash: null,
        codeSentAt: null,
      },
    });
  });

  it.each([
    [
      'a line break (header injection)',
      'a@example.org\r\nBcc: b@example.org',
      /control characters/,
    ],
    ['a NUL', 'a\u0000@example.org', /control characters/],
    ['a display name', 'Alice <a@example.org>', /email address/],
    ['two addresses', 'a@example.org, b@example.org', /email address/],
    ['no domain dot', 'a@localhost', /email address/],
    ['an IP domain', 'a@[127.0.0.1]', /email address/],
    ['a 65-character local part', `${'a'.repeat(65)}@example.org`, /before @/],
    ['255 characters', `a@${'b'.repeat(249)}.org`, /at most 254/],
    ['a number', 42, /must be a string/],
  ])('refuses an address with %s', (_, address, message) => {
    expect(emailAddressProblem(address)).toMatch(message);
    try {
      prepareEmailTarget({ recipientId: 'alice', kind: 'email', address });
      throw new Error('accepted');
    } catch (error) {
      expect(error).toBeInstanceOf(CommandValidationError);
      expect((error as CommandValidationError).fields.map((f) => f.path)).toEqual(['address']);
    }
  });
});
