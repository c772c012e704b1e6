import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { Command } from '@tickler/core';
import { IsUserId } from '../user-id.validator';

/** Revokes one of the user's tokens at once; `AUTH.TOKEN_NOT_FOUND` when it is not theirs. */
export class RevokeUserToken extends Command<void> {
  static readonly type = 'auth.revoke-user-token';

  @IsUserId() userId!: string;
  @IsString() @IsNotEmpty() @MaxLength(200) tokenId!: string;
}
