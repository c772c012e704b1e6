import { inject, injectable, multiInject } from 'inversify';
import { NOTIFICATIONS_TOKENS } from '../../shared/notifications.tokens';
import { CHANNEL_KINDS, INBOX_CHANNEL } from '../../shared/application/channel-kinds';
import {
  type ChannelLookup,
  type ExternalChannel,
  type InTransactionChannel,
} from './ports/delivery-channel.port';

/**
 * The channels of the context, by kind: the in-transaction one (inbox) and every external
 * adapter bound under `NOTIFICATIONS_TOKENS.ExternalChannel` (one registration each in
 * `notifications.context.ts`). Refuses a registration that `CHANNEL_KINDS` does not name, a
 * kind registered twice, and a named kind with no adapter: the lists cannot drift apart.
 */
@injectable()
export class ChannelRegistry implements ChannelLookup {
  private readonly byKind = new Map<string, ExternalChannel>();

  constructor(
    @inject(NOTIFICATIONS_TOKENS.InTransactionChannel)
    readonly inTransaction: InTransactionChannel,
    @multiInject(NOTIFICATIONS_TOKENS.ExternalChannel) external: ExternalChannel[],
  ) {
    const named = new Set<string>(CHANNEL_KINDS);
    if (inTransaction.kind !== INBOX_CHANNEL) {
      throw new Error(`the in-transaction channel must be "${INBOX_CHANNEL}"`);
    }
    for (const channel of external) {
      if (!named.has(channel.kind) || channel.kind === INBOX_CHANNEL) {
        throw new Error(`channel "${channel.kind}" is registered but not named in CHANNEL_KINDS`);
      }
      if (this.byKind.has(channel.kind)) {
        throw new Error(`channel "${channel.kind}" is registered twice`);
      }
      this.byKind.set(channel.kind, channel);
    }
    for (const kind of named) {
      if (kind !== INBOX_CHANNEL && !this.byKind.has(kind)) {
        throw new Error(`CHANNEL_KINDS names "${kind}" but no adapter is registered for it`);
      }
    }
  }

  external(kind: string): ExternalChannel | undefined {
    return this.byKind.get(kind);
  }

  /** Every external channel (the send loop's timeouts and leases are derived from them). */
  get externals(): readonly ExternalChannel[] {
    return [...this.byKind.values()];
  }
}
