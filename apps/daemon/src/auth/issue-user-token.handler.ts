import { inject, injectable } from 'inversify';
import {
  type Clock,
  CORE_TOKENS,
  type CommandHandler,
  tablesOf,
  toIsoUtc,
  type UnitOfWork,
} from '@tickler/core';
import { type AuthTables } from './auth.tables';
import { IssueUserToken, type IssuedUserToken } from './issue-user-token.command';
import { generateToken, hashToken } from './token-secret';

@injectable()
export class IssueUserTokenHandler implements CommandHandler<IssueUserToken> {
  static readonly handles = IssueUserToken;

  constructor(
    @inject(CORE_TOKENS.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(CORE_TOKENS.Clock) private readonly clock: Clock,
  ) {}

  async execute(command: IssueUserToken): Promise<IssuedUserToken> {
    const token = generateToken();
    await this.uow.run(async (tx) => {
      await tablesOf<AuthTables>(tx.db)
        .insertInto('auth_user_tokens')
        .values({
          token_hash: hashToken(token),
          user_id: command.userId,
          created_at: toIsoUtc(this.clock.now()),
        })
        .execute();
    });
    return { token };
  }
}
