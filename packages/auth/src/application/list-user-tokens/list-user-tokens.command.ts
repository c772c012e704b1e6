import { Command } from '@tickler/core';
import { type UserTokenView } from '../user-token.view';
import { IsUserId } from '../user-id.validator';

/** A user's tokens, oldest first, without their secrets. */
export class ListUserTokens extends Command<{ items: UserTokenView[] }> {
  static readonly type = 'auth.list-user-tokens';

  @IsUserId() userId!: string;
}
