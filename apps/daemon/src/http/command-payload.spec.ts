import { CommandValidationError } from '@tickler/core';
import { commandPayload, queryPayload } from './command-payload';

describe('commandPayload', () => {
  it('adds the path values to the body', () => {
    expect(commandPayload('t', { title: 'x' }, { recipientId: 'ann' })).toEqual({
      title: 'x',
      recipientId: 'ann',
    });
    expect(commandPayload('t', undefined, { recipientId: 'ann', id: '1' })).toEqual({
      recipientId: 'ann',
      id: '1',
    });
  });

  it('refuses a body that carries a path value', () => {
    expect(() => commandPayload('t', { recipientId: 'bob' }, { recipientId: 'ann' })).toThrow(
      CommandValidationError,
    );
  });

  it('passes a non-object body on for the command to reject', () => {
    expect(commandPayload('t', [1], { recipientId: 'ann' })).toEqual([1]);
  });
});

describe('queryPayload', () => {
  it('turns digit-only numeric keys into numbers and leaves the rest', () => {
    expect(queryPayload({ limit: '20', cursor: '15', status: 'sent' }, ['limit'])).toEqual({
      limit: 20,
      cursor: '15',
      status: 'sent',
    });
    expect(queryPayload({ limit: 'ten' }, ['limit'])).toEqual({ limit: 'ten' });
  });
});
