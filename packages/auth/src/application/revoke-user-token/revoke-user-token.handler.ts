import { inject, injectable } from 'inversify';
import { CORE_TOKENS, type CommandHandler } from '@tickler/core';
import { AUTH_TOKENS } from '../../auth.tokens';
import { UserTokenNotFoundError } from '../../domain/auth.errors';
import { type TransactionRunner } from '../ports/transaction-runner.port';
import { type UserTokenRepository } from '../ports/user-token.repository';
import { RevokeUserToken } from './revoke-user-token.command';

/** Deletes the token's row: the next request with it is 401. */
@injectable()
export class RevokeUserTokenHandler implements CommandHandler<RevokeUserToken> {
  static readonly handles = RevokeUserToken;

  constructor(
    @inject(CORE_TOKENS.UnitOfWork) private readonly uow: TransactionRunner,
    @inject(AUTH_TOKENS.UserTokenRepository) private readonly tokens: UserTokenRepository,
  ) {}

  async execute(command: RevokeUserToken): Promise<void> {
    await this.uow.run(async (tx) => {
      if (!(await this.tokens.remove(tx, command.userId, command.tokenId))) {
        throw new UserTokenNotFoundError(command.userId, command.tokenId);
      }
    });
  }
}
