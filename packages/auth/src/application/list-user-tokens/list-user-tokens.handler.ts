import { inject, injectable } from 'inversify';
import {
  type Clock,
  CORE_TOKENS,
  type CommandHandler,
  type Database,
  toIsoUtc,
} from '@tickler/core';
import { AUTH_TOKENS } from '../../auth.tokens';
import { type UserTokenRepository } from '../ports/user-token.repository';
import { toUserTokenView, type UserTokenView } from '../user-token.view';
import { ListUserTokens } from './list-user-tokens.command';

/** Reads the user's tokens (ids, instants), never a secret or a hash. */
@injectable()
export class ListUserTokensHandler implements CommandHandler<ListUserTokens> {
  static readonly handles = ListUserTokens;

  constructor(
    @inject(CORE_TOKENS.Database) private readonly database: Pick<Database, 'kysely'>,
    @inject(CORE_TOKENS.Clock) private readonly clock: Clock,
    @inject(AUTH_TOKENS.UserTokenRepository) private readonly tokens: UserTokenRepository,
  ) {}

  async execute(command: ListUserTokens): Promise<{ items: UserTokenView[] }> {
    const now = toIsoUtc(this.clock.now());
    const records = await this.tokens.list({ db: this.database.kysely }, command.userId);
    return { items: records.map((record) => toUserTokenView(record, now)) };
  }
}
