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
