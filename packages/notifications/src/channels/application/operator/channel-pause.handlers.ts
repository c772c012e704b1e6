import {
  type Clock,
  type CommandHandler,
  CORE_TOKENS,
  type Database,
  type Logger,
  toIsoUtc,
} from '@tickler/core';
import { inject, injectable } from 'inversify';
import { SUBSCRIPTION_KINDS } from '../../../shared/application/channel-kinds';
import { type DeliveryWakeUp } from '../../../shared/application/ports/wake-up.port';
import { type TransactionRunner } from '../../../shared/application/ports/transaction-runner.port';
import { NOTIFICATIONS_TOKENS } from '../../../shared/notifications.tokens';
import { type ChannelPauses } from '../ports/channel-pauses.port';
import {
  type ChannelStateView,
  ListChannelStates,
  PauseChannel,
  ResumeChannel,
} from './channel-pause.command';

// The three handlers of pausing a channel kind: one concept, one file.

/** Handles `PauseChannel`: one row, then an audit line. */
@injectable()
export class PauseChannelHandler implements CommandHandler<PauseChannel> {
  static readonly handles = PauseChannel;

  constructor(
    @inject(CORE_TOKENS.UnitOfWork) private readonly uow: TransactionRunner,
    @inject(CORE_TOKENS.Clock) private readonly clock: Clock,
    @inject(CORE_TOKENS.Logger) private readonly logger: Logger,
    @inject(NOTIFICATIONS_TOKENS.ChannelPauses) private readonly pauses: ChannelPauses,
  ) {}

  async execute(command: PauseChannel): Promise<ChannelStateView> {
    const { changed, view } = await this.uow.run(async (tx) => {
      const changed = await this.pauses.pause(tx, command.kind, toIsoUtc(this.clock.now()));
      const pause = (await this.pauses.list(tx)).find((p) => p.channel === command.kind);
      return { changed, view: stateOf(command.kind, pause?.pausedAt ?? null) };
    });
    this.logger.info(
      { audit: 'channel.pause', channel: command.kind, changed },
      'admin paused a channel',
    );
    return view;
  }
}

/** Handles `ResumeChannel`: the row goes and the send loop is woken now, then an audit line. */
@injectable()
export class ResumeChannelHandler implements CommandHandler<ResumeChannel> {
  static readonly handles = ResumeChannel;

  constructor(
    @inject(CORE_TOKENS.UnitOfWork) private readonly uow: TransactionRunner,
    @inject(CORE_TOKENS.Clock) private readonly clock: Clock,
    @inject(CORE_TOKENS.Logger) private readonly logger: Logger,
    @inject(NOTIFICATIONS_TOKENS.ChannelPauses) private readonly pauses: ChannelPauses,
    @inject(NOTIFICATIONS_TOKENS.SendsWakeUp) private readonly sendsWakeUp: DeliveryWakeUp,
  ) {}

  async execute(command: ResumeChannel): Promise<ChannelStateView> {
    const changed = await this.uow.run(async (tx) => {
      const changed = await this.pauses.resume(tx, command.kind);
      if (changed) {
        // The waiting sends are due (or overdue): the loop's wake-up skipped them while paused.
        await this.sendsWakeUp.wakeAt(tx, toIsoUtc(this.clock.now()));
      }
      return changed;
    });
    this.logger.info(
      { audit: 'channel.resume', channel: command.kind, changed },
      'admin resumed a channel',
    );
    return stateOf(command.kind, null);
  }
}

/** Handles `ListChannelStates`: every subscription kind, paused or not. */
@injectable()
export class ListChannelStatesHandler implements CommandHandler<ListChannelStates> {
  static readonly handles = ListChannelStates;

  constructor(
    @inject(CORE_TOKENS.Database) private readonly database: Pick<Database, 'kysely'>,
    @inject(NOTIFICATIONS_TOKENS.ChannelPauses) private readonly pauses: ChannelPauses,
  ) {}

  async execute(_command: ListChannelStates): Promise<{ items: ChannelStateView[] }> {
    const paused = new Map(
      (await this.pauses.list({ db: this.database.kysely })).map((p) => [p.channel, p.pausedAt]),
    );
    return { items: SUBSCRIPTION_KINDS.map((kind) => stateOf(kind, paused.get(kind) ?? null)) };
  }
}

function stateOf(kind: string, pausedAt: string | null): ChannelStateView {
  return { kind, paused: pausedAt !== null, pausedAt };
}
