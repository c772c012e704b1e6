import { DomainError } from '@tickler/core';

/** Failures the HTTP boundary itself raises (auth, routing, body parsing). */
export class HttpBoundaryError extends DomainError {
  constructor(
    readonly code:
      | 'AUTH.UNAUTHENTICATED'
      | 'AUTH.FORBIDDEN'
      | 'AUTH.CROSS_ORIGIN'
      | 'HTTP.ROUTE_NOT_FOUND'
      | 'HTTP.BODY_TOO_LARGE'
      | 'HTTP.URI_TOO_LONG'
      | 'HTTP.UNSUPPORTED_MEDIA_TYPE'
      | 'HTTP.INVALID_JSON'
      | 'HTTP.BAD_REQUEST'
      | 'HTTP.HOST_NOT_ALLOWED'
      | 'HTTP.TOO_MANY_STREAMS'
      | 'HTTP.SERVER_BUSY',
    message: string,
  ) {
    super(message);
  }
}
