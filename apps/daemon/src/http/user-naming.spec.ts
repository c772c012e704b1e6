import { CommandValidationError } from '@tickler/core';
import { bulkPayload, recipientFromPath, toHttpView, withUserIdPaths } from './user-naming';

describe('the HTTP layer’s one translation between userId and recipientId', () => {
  it('takes the recipient from the {userId} path segment', () => {
    expect(recipientFromPath({ userId: 'ann', id: 'x' })).toEqual({ recipientId: 'ann' });
  });

  it.each(['items', 'planned'] as const)(
    'renames each %s entry’s userId to recipientId',
    (list) => {
      expect(
        bulkPayload('t', { other: 1, [list]: [{ userId: 'ann', title: 'x' }, 7] }, list),
      ).toEqual({ other: 1, [list]: [{ title: 'x', recipientId: 'ann' }, 7] });
    },
  );

  it('refuses an entry that names the recipient recipientId, and passes non-lists on', () => {
    expect(() => bulkPayload('t', { planned: [{ recipientId: 'ann' }] }, 'planned')).toThrow(
      CommandValidationError,
    );
    expect(bulkPayload('t', { planned: 'nope' }, 'planned')).toEqual({ planned: 'nope' });
    expect(bulkPayload('t', null, 'items')).toBeNull();
  });

  it('names entry problems userId again, leaving other problems as they are', () => {
    const error = withUserIdPaths(
      new CommandValidationError('t', [
        { path: 'items.3.recipientId', message: 'recipientId must be a string' },
        { path: 'planned.0.sourceKey', message: 'duplicates planned.1 (same recipientId, …)' },
        { path: 'recipientId', message: 'recipientId may contain only …' },
        { path: 'title', message: 'title must be a string' },
      ]),
    );
    expect(error.fields).toEqual([
      { path: 'items.3.userId', message: 'userId must be a string' },
      { path: 'planned.0.sourceKey', message: 'duplicates planned.1 (same userId, …)' },
      { path: 'recipientId', message: 'recipientId may contain only …' },
      { path: 'title', message: 'title must be a string' },
    ]);
  });

  it('writes views with userId in recipientId’s place, deeply, keeping the key order', () => {
    const view = {
      results: [{ created: true, delivery: { id: 'd', recipientId: 'ann', source: null, n: 1 } }],
    };
    const json = toHttpView(view);
    expect(json).toEqual({
      results: [{ created: true, delivery: { id: 'd', userId: 'ann', source: null, n: 1 } }],
    });
    expect(JSON.stringify(json.results[0]?.delivery)).toBe(
      '{"id":"d","userId":"ann","source":null,"n":1}',
    );
  });
});
