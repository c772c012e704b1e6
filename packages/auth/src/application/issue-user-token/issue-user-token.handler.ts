import { inject, injectable } from 'inversify';
import {
  type Clock,
  CORE_TOKENS,
  type CommandHandler,
  type IdGenerator,
  InvalidArgumentError,
  parseInstant,
  toIsoUtc,
} from '@tickler/core';
import { AUTH_TOKENS } from '../../auth.tokens';
import { type TokenSecrets } from '../ports/token-secrets.port';
import { type TransactionRunner } from '../ports/transaction-runner.port';
import { type UserTokenRepository } from '../ports/user-token.repository';
import { IssueUserToken, type IssuedUserToken } from './issue-user-token.command';

/** Makes a new secret, stores only its hash, answers the secret once. */
@injectable()
export class IssueUserTokenHandler implements CommandHandler<IssueUserToken> {
  static readonly handles = IssueUserToken;

  constructor(
    @inject(CORE_TOKENS.UnitOfWork) private readonly uow: TransactionRunner,
    @inject(CORE_TOKENS.Clock) private readonly clock: Clock,
    @inject(CORE_TOKENS.IdGenerator) private readonly ids: IdGenerator,
    @inject(AUTH_TOKENS.UserTokenRepository) private readonly tokens: UserTokenRepository,
    @inject(AUTH_TOKENS.TokenSecrets) private readonly secrets: TokenSecrets,
  ) {}

  async execute(command: IssueUserToken): Promise<IssuedUserToken> {
    const now = toIsoUtc(this.clock.now());
    const expiresAt =
      command.expiresAt === undefined ? null : parseInstant(command.expiresAt, 'expiresAt');
    if (expiresAt !== null && expiresAt <= now) {
      throw new InvalidArgumentError('expiresAt', `must be in the future (it is ${now} now)`);
    }
    const token = this.secrets.generate();
    const record = {
      id: this.ids.next(),
      tokenHash: this.secrets.hash(token),
      userId: command.userId,
      createdAt: now,
      expiresAt,
    };
    await this.uow.run((tx) => this.tokens.add(tx, record));
    return { id: record.id, userId: record.userId, createdAt: now, expiresAt, token };
  }
}
