import { DomainError } from '@tickler/core/domain';

/** The user has no token with this id (another user's token id looks the same). */
export class UserTokenNotFoundError extends DomainError {
  readonly code = 'AUTH.TOKEN_NOT_FOUND';

  constructor(
    readonly userId: string,
    readonly tokenId: string,
  ) {
    super(`user ${userId} has no token ${tokenId}`, { userId, id: tokenId });
  }
}

/**
 * A session was asked for with a token that is not a live user token (unknown, revoked or
 * expired). Same code as a bad bearer token: the caller learns nothing more.
 */
export class SessionTokenRejectedError extends DomainError {
  readonly code = 'AUTH.UNAUTHENTICATED';

  constructor() {
    super('the token is unknown, revoked or expired: paste a user token');
  }
}

/** The admin token cannot open a browser session: the page never holds admin rights. */
export class AdminSessionRefusedError extends DomainError {
  readonly code = 'AUTH.FORBIDDEN';

  constructor() {
    super('the admin token cannot open a browser session: paste a user token');
  }
}
