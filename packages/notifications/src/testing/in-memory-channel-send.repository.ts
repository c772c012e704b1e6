import {
  type ChannelSendRepository,
  type ExpectedSendState,
} from '../channels/application/ports/channel-send.repository';
import { ChannelSend } from '../channels/domain/channel-send.entity';
import { type ChannelSendState } from '../shared/domain/channel-send.state';

/** In-memory channel sends: snapshots, so loaded aggregates are independent copies. */
export class InMemoryChannelSendRepository implements ChannelSendRepository {
  readonly rows = new Map<string, ChannelSendState>();

  insertMany(_s: unknown, sends: readonly ChannelSend[]): Promise<void> {
    for (const send of sends) {
      this.rows.set(send.id, send.snapshot());
    }
    return Promise.resolve();
  }

  findDue(
    _s: unknown,
    now: string,
    limit: number,
    busy: readonly string[],
  ): Promise<ChannelSend[]> {
    return Promise.resolve(
      [...this.rows.values()]
        .filter(
          (r) =>
            (r.status === 'pending' || r.status === 'sending') &&
            r.dueAt !== null &&
            r.dueAt <= now &&
            !busy.includes(r.endpoint),
        )
        .sort((a, b) => ((a.dueAt ?? '') < (b.dueAt ?? '') ? -1 : 1))
        .slice(0, limit)
        .map((r) => ChannelSend.rehydrate(r)),
    );
  }

  save(_s: unknown, send: ChannelSend, expected: ExpectedSendState): Promise<boolean> {
    const row = this.rows.get(send.id);
    if (!row || row.status !== expected.status || row.leaseToken !== expected.leaseToken) {
      return Promise.resolve(false);
    }
    this.rows.set(send.id, send.snapshot());
    return Promise.resolve(true);
  }

  forDeliveries(_s: unknown, deliveryIds: readonly string[]): Promise<ChannelSendState[]> {
    return Promise.resolve(
      [...this.rows.values()].filter((r) => deliveryIds.includes(r.deliveryId)),
    );
  }

  countNotFailed(_s: unknown, deliveryId: string): Promise<number> {
    return Promise.resolve(
      [...this.rows.values()].filter((r) => r.deliveryId === deliveryId && r.status !== 'failed')
        .length,
    );
  }

  nextDueAt(): Promise<string | undefined> {
    return Promise.resolve(
      [...this.rows.values()]
        .map((r) => r.dueAt)
        .filter((d): d is string => d !== null)
        .sort()[0],
    );
  }

  find(_s: unknown, id: string): Promise<ChannelSendState | undefined> {
    return Promise.resolve(this.rows.get(id));
  }

  superseded(_s: unknown, send: ChannelSendState): Promise<boolean> {
    return Promise.resolve(
      [...this.rows.values()].some(
        (r) =>
          r.deliveryId === send.deliveryId &&
          r.subscriptionId === send.subscriptionId &&
          (r.createdAt > send.createdAt || (r.createdAt === send.createdAt && r.id > send.id)),
      ),
    );
  }

  /** Nothing to lock: the fake's callers run one at a time in memory. */
  lockRetries(): Promise<void> {
    return Promise.resolve();
  }

  /** Failed sends only, newest change first (the operator's list is tested on the real stores). */
  forOperator(_s: unknown, filter: { status: string; limit: number }): Promise<ChannelSendState[]> {
    return Promise.resolve(
      [...this.rows.values()]
        .filter((r) => filter.status === 'failed' && r.status === 'failed')
        .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
        .slice(0, filter.limit),
    );
  }
}
