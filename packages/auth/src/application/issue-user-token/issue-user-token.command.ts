import { IsOptional } from 'class-validator';
import { Command, IsInstant } from '@tickler/core';
import { type UserTokenView } from '../user-token.view';
import { IsUserId } from '../user-id.validator';

/** What {@link IssueUserToken} answers: the token's listing plus the token itself. */
export interface IssuedUserToken extends Omit<UserTokenView, 'expired'> {
  /** The bearer token; shown once, stored only as its hash. */
  token: string;
}

/** Issues a bearer token that reaches only `/v1/users/{userId}/…`, optionally until `expiresAt`. */
export class IssueUserToken extends Command<IssuedUserToken> {
  static readonly type = 'auth.issue-user-token';

  @IsUserId() userId!: string;

  /** After this instant (RFC 3339, in the future) the token no longer authenticates. */
  @IsOptional() @IsInstant() expiresAt?: string;
}
