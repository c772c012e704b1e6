import { CommandValidationError, DomainError, InvalidArgumentError } from '@tickler/core';
import { NotificationAlreadySentError, NotificationNotFoundError } from '@tickler/notifications';
import { mapError } from './error-envelope';
import { HttpBoundaryError } from './http.errors';

class SurpriseError extends DomainError {
  readonly code = 'SOMEWHERE.NEW_CODE';
}

describe('mapError (the one code table)', () => {
  it('maps validation errors to 400 naming every field', () => {
    const mapped = mapError(
      new CommandValidationError('x', [
        { path: 'title', message: 'bad' },
        { path: 'scheduledAt', message: 'bad' },
      ]),
    );
    expect(mapped).toEqual({
      status: 400,
      bug: false,
      body: {
        error: {
          code: 'VALIDATION_FAILED',
          message: expect.any(String) as string,
          fields: [
            { path: 'title', message: 'bad' },
            { path: 'scheduledAt', message: 'bad' },
          ],
        },
      },
    });
    expect(mapError(new InvalidArgumentError('scheduledAt', 'nope')).body.error.fields).toEqual([
      { path: 'scheduledAt', message: 'scheduledAt: nope' },
    ]);
  });

  it('maps domain codes: not found 404, illegal transitions 409', () => {
    expect(mapError(new NotificationNotFoundError('u', 'id')).status).toBe(404);
    expect(mapError(new NotificationAlreadySentError('id', 'cancel')).status).toBe(409);
  });

  it('maps boundary codes to 401/403/413/415', () => {
    expect(mapError(new HttpBoundaryError('AUTH.UNAUTHENTICATED', 'x')).status).toBe(401);
    expect(mapError(new HttpBoundaryError('AUTH.FORBIDDEN', 'x')).status).toBe(403);
    expect(
      mapError(
        Object.assign(new Error('too big'), {
          code: 'FST_ERR_CTP_BODY_TOO_LARGE',
          statusCode: 413,
        }),
      ).status,
    ).toBe(413);
    expect(
      mapError(
        Object.assign(new Error('type'), {
          code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE',
          statusCode: 415,
        }),
      ).body.error.code,
    ).toBe('HTTP.UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers 503 STORAGE.* for storage trouble on either back end, not as a bug', () => {
    const withCode = (code: string): Error =>
      Object.assign(new Error('low-level detail'), { code });
    expect(mapError(withCode('SQLITE_FULL'))).toMatchObject({
      status: 503,
      bug: false,
      body: { error: { code: 'STORAGE.FULL' } },
    });
    expect(mapError(withCode('SQLITE_IOERR_WRITE'))).toMatchObject({
      status: 503,
      body: { error: { code: 'STORAGE.IO_ERROR' } },
    });
    expect(mapError(withCode('53100'))).toMatchObject({
      status: 503,
      body: { error: { code: 'STORAGE.FULL' } },
    });
    expect(mapError(withCode('25006'))).toMatchObject({
      status: 503,
      body: { error: { code: 'STORAGE.READ_ONLY' } },
    });
    expect(mapError(withCode('ECONNREFUSED'))).toMatchObject({
      status: 503,
      body: { error: { code: 'STORAGE.IO_ERROR' } },
    });
  });

  it('answers 500 and flags a bug for a code missing from the table or any other error, leaking nothing', () => {
    expect(mapError(new SurpriseError('details that stay in the log'))).toEqual({
      status: 500,
      bug: true,
      body: { error: { code: 'INTERNAL', message: 'internal error' } },
    });
    expect(mapError(new TypeError('x is undefined'))).toMatchObject({ status: 500, bug: true });
  });
});
