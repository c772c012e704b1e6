import { inject, injectable } from 'inversify';
import { CORE_TOKENS, type CommandHandler } from '@tickler/core';
import { AUTH_TOKENS } from '../../auth.tokens';
import { type SessionRepository } from '../ports/session.repository';
import { type TokenSecrets } from '../ports/token-secrets.port';
import { type TransactionRunner } from '../ports/transaction-runner.port';
import { EndSession } from './end-session.command';

/** Deletes the session's row; ending an unknown or ended session is not an error (`ended: false`). */
@injectable()
export class EndSessionHandler implements CommandHandler<EndSession> {
  static readonly handles = EndSession;

  constructor(
    @inject(CORE_TOKENS.UnitOfWork) private readonly uow: TransactionRunner,
    @inject(AUTH_TOKENS.SessionRepository) private readonly sessions: SessionRepository,
    @inject(AUTH_TOKENS.TokenSecrets) private readonly secrets: TokenSecrets,
  ) {}

  async execute(command: EndSession): Promise<{ ended: boolean }> {
    const hash = this.secrets.hash(command.secret);
    return { ended: await this.uow.run((tx) => this.sessions.remove(tx, hash)) };
  }
}
