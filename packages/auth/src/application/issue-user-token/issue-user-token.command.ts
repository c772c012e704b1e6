import { IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import { Command } from '@tickler/core';

/** What {@link IssueUserToken} answers. */
export interface IssuedUserToken {
  /** The bearer token; shown once, stored only as its hash. */
  token: string;
}

/** Issues a bearer token that reaches only `/v1/users/{userId}/…`. */
export class IssueUserToken extends Command<IssuedUserToken> {
  static readonly type = 'auth.issue-user-token';

  // Same alphabet as a notification's recipientId: the token's user is a path segment.
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  @Matches(/^[A-Za-z0-9._:@-]+$/, {
    message: 'userId may contain only letters, digits and . _ : @ -',
  })
  userId!: string;
}
