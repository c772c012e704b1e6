import { msOf, toIsoUtc } from '@tickler/core';
import { inject, injectable } from 'inversify';
import { type ResolvedNotificationsOptions } from '../../../shared/application/notifications.options';
import { type ChannelSendState } from '../../../shared/domain/channel-send.state';
import { NOTIFICATIONS_TOKENS } from '../../../shared/notifications.tokens';
import { type Scope } from '../../../shared/application/ports/scope';
import { type RecentSends } from '../ports/recent-sends.port';

/** The sends one claim may still let through, per person and channel. */
export interface ThrottleWindow {
  /**
   * Null when `send` may go now (it is then counted), else the instant it is deferred to: when
   * the oldest send of the window leaves it.
   */
  deferral(send: ChannelSendState): string | null;
}

const NO_LIMIT: ThrottleWindow = { deferral: () => null };

/**
 * Per-person throttling (`TICKLER_THROTTLE`, default 30/1h): one read per claim of the recent
 * sends of the due sends' recipients; a send over the limit is deferred, never dropped.
 */
@injectable()
export class SendThrottle {
  constructor(
    @inject(NOTIFICATIONS_TOKENS.Options) private readonly options: ResolvedNotificationsOptions,
    @inject(NOTIFICATIONS_TOKENS.RecentSends) private readonly recent: RecentSends,
  ) {}

  /** The window for the sends `due` at `now` (ISO UTC), read in the claim's transaction. */
  async window(
    scope: Scope,
    due: readonly ChannelSendState[],
    now: string,
  ): Promise<ThrottleWindow> {
    const rule = this.options.throttle;
    const fresh = due.filter((s) => s.status === 'pending');
    if (rule === null || fresh.length === 0) {
      return NO_LIMIT;
    }
    const since = toIsoUtc(msOf(now) - rule.windowMs);
    const recipients = [...new Set(fresh.map((s) => s.recipientId))];
    const counts = new Map<string, { count: number; oldest: string | null }>();
    for (const row of await this.recent.countSince(scope, recipients, since)) {
      counts.set(`${row.recipientId}\n${row.channel}`, {
        count: row.count,
        oldest: row.oldestSentAt,
      });
    }
    return {
      deferral(send) {
        const key = `${send.recipientId}\n${send.channel}`;
        const seen = counts.get(key) ?? { count: 0, oldest: null };
        if (send.status === 'pending' && seen.count >= rule.limit) {
          return toIsoUtc(msOf(seen.oldest ?? now) + rule.windowMs);
        }
        counts.set(key, { count: seen.count + 1, oldest: seen.oldest });
        return null;
      },
    };
  }
}
