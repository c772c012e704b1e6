import {
  type Clock,
  type CommandHandler,
  CORE_TOKENS,
  type IdGenerator,
  toIsoUtc,
  type Transaction,
} from '@tickler/core';
import { inject, injectable } from 'inversify';
import { type ChannelSend } from '../../domain/channel-send.entity';
import { type NotificationDelivery } from '../../../delivery/domain/notification-delivery.entity';
import { NOTIFICATIONS_TOKENS } from '../../../shared/notifications.tokens';
import { type ChannelRegistry } from '../channel-registry';
import { DeliverDueInTransactionError } from '../../../delivery/application/deliver-due-notifications/deliver-due-notifications.command';
import { type ChannelSendRepository } from '../ports/channel-send.repository';
import { type NotificationDeliveryRepository } from '../../../delivery/application/ports/notification-delivery.repository';
import { type SubscriptionRepository } from '../ports/subscription.repository';
import { FallbackSends } from '../fallback-sends';
import { type InboxRepository } from '../../../delivery/application/ports/inbox.repository';
import { type TransactionRunner } from '../../../shared/application/ports/transaction-runner.port';
import { type DeliveryWakeUp } from '../../../shared/application/ports/wake-up.port';
import { includesInbox } from '../../../shared/application/channel-kinds';
import { ChannelSendPool } from './channel-send-pool';
import { type ClaimedSend } from './claimed-send';
import {
  DeliverChannelSends,
  type DeliverChannelSendsResult,
} from './deliver-channel-sends.command';
import { SendThrottle } from './send-throttle';
import { settleParentOf } from './settle-parent';

/** Due sends read per free slot: room to skip sends whose endpoint is full. */
const READ_PER_SLOT = 4;
/** Most due sends one claim reads. */
const MAX_READ = 256;

/**
 * The send loop's claim, in ONE transaction: the due sends (earliest first, endpoints without
 * room left out), their subscriptions and notifications; each is failed at once (subscription
 * gone or paused), taken over by its guarantee (lease ran out), deferred (over the person's send
 * limit: `SendThrottle`), claimed (room for it) or left for later; then the wake-up moves to the next due send. After the commit the claims go to the
 * pool, and this returns without waiting for them.
 */
@injectable()
export class DeliverChannelSendsHandler implements CommandHandler<DeliverChannelSends> {
  static readonly handles = DeliverChannelSends;

  constructor(
    @inject(CORE_TOKENS.UnitOfWork) private readonly uow: TransactionRunner,
    @inject(CORE_TOKENS.Clock) private readonly clock: Clock,
    @inject(CORE_TOKENS.IdGenerator) private readonly ids: IdGenerator,
    @inject(NOTIFICATIONS_TOKENS.DeliveryRepository)
    private readonly deliveries: NotificationDeliveryRepository,
    @inject(NOTIFICATIONS_TOKENS.ChannelSendRepository)
    private readonly sends: ChannelSendRepository,
    @inject(NOTIFICATIONS_TOKENS.SubscriptionRepository)
    private readonly subscriptions: SubscriptionRepository,
    @inject(NOTIFICATIONS_TOKENS.Channels) private readonly channels: ChannelRegistry,
    @inject(NOTIFICATIONS_TOKENS.SendsWakeUp) private readonly wakeUp: DeliveryWakeUp,
    @inject(ChannelSendPool) private readonly pool: ChannelSendPool,
    @inject(SendThrottle) private readonly throttle: SendThrottle,
    @inject(NOTIFICATIONS_TOKENS.InboxRepository) private readonly inbox: InboxRepository,
    @inject(FallbackSends) private readonly fallback: FallbackSends,
    /** This instance: its claims carry it, so they are freed at once if it dies. */
    @inject(CORE_TOKENS.InstanceId) private readonly instanceId: string,
  ) {}

  /** The run in flight in this process: runs take turns (the queue's and the kick's). */
  private turn: Promise<unknown> = Promise.resolve();

  async execute(_command: DeliverChannelSends): Promise<DeliverChannelSendsResult> {
    if (this.uow.active() !== undefined) {
      throw new DeliverDueInTransactionError();
    }
    // Two runs at once would each see the same free room and together claim more than it.
    const run = this.turn.then(() => this.claimAndStart());
    this.turn = run.catch(() => undefined);
    return run;
  }

  private async claimAndStart(): Promise<DeliverChannelSendsResult> {
    const room = this.pool.room();
    if (room.free === 0) {
      this.pool.leftBehind(room);
      return { claimed: 0, failed: 0 };
    }
    const token = this.ids.next();
    let failed = 0;
    const claims = await this.uow.run(async (tx) => {
      const nowMs = this.clock.now().getTime();
      const now = toIsoUtc(nowMs);
      const due = await this.sends.findDue(
        tx,
        now,
        Math.min(MAX_READ, room.free * READ_PER_SLOT),
        room.busy,
      );
      const subscriptions = await this.subscriptions.findByIds(
        tx,
        due.flatMap((s) => s.snapshot().subscriptionId ?? []),
      );
      const notifications = new Map(
        (
          await this.deliveries.findByIds(
            tx,
            due.map((s) => s.deliveryId),
          )
        ).map((d) => [d.id, d]),
      );
      const window = await this.throttle.window(
        tx,
        due.map((s) => s.snapshot()),
        now,
      );
      const claimed: ClaimedSend[] = [];
      const taken = new Map<string, number>();
      let behind = false;
      let deferTo: string | null;
      for (const send of due) {
        const before = { status: send.status, leaseToken: send.leaseToken };
        const s = send.snapshot();
        const subscription =
          s.subscriptionId === null ? undefined : subscriptions.get(s.subscriptionId);
        const channel = this.channels.external(s.channel);
        const notification = notifications.get(s.deliveryId);
        if (s.escalation && (await this.readBeforeDue(tx, notification))) {
          send.cancelAsRead(now); // read in time: the escalation has nothing left to do
        } else if (!subscription || !subscription.active || !channel || !notification) {
          send.fail(now, 'gone');
        } else if (subscription.pausedAt !== null) {
          send.fail(now, 'paused');
        } else if (
          claimed.length >= room.free ||
          (taken.get(s.endpoint) ?? 0) >= room.freeFor(s.endpoint)
        ) {
          behind = true;
          continue;
        } else if ((deferTo = window.deferral(s)) !== null) {
          send.defer(now, deferTo); // over the person's limit: later, not dropped
        } else {
          const leaseUntil = toIsoUtc(nowMs + channel.timeoutMs + this.leaseMarginMs);
          if (send.status === 'sending') {
            send.recoverAbandoned(now, leaseUntil, token, this.instanceId);
          } else {
            send.claim(now, leaseUntil, token, this.instanceId);
          }
        }
        if (!(await this.sends.save(tx, send, before))) {
          continue; // settled by another writer in between: not ours
        }
        if (send.status === 'sending' && channel && subscription && notification) {
          taken.set(s.endpoint, (taken.get(s.endpoint) ?? 0) + 1);
          claimed.push({
            send,
            token,
            channel,
            subscription,
            message: messageOf(notification, send),
          });
        } else if (send.status === 'failed') {
          failed++;
          tx.recordEvents(send.pullEvents());
          await this.fallback.afterSettled(tx, send, now);
          await settleParentOf(tx, send, now, this.deliveries, this.sends);
        }
      }
      // Sends left due for want of room (an endpoint full, or the pool) are the pool's to
      // look for again when a slot frees: waking the loop now would only find them blocked
      // again, and again (a busy loop). A future instant (a retry, a lease's end) is the
      // wake-up's; so is "now" when this claim made progress and may have left more behind.
      if (behind || room.busy.length > 0) {
        this.pool.leftBehind(room);
      }
      const next = await this.sends.nextDueAt(tx);
      const progress = claimed.length + failed > 0;
      if (next !== undefined && (next > now || (progress && !behind))) {
        await this.wakeUp.wakeAt(tx, next);
      }
      return claimed;
    });
    this.pool.start(claims);
    return { claimed: claims.length, failed };
  }

  /**
   * Whether the inbox item an escalation send escalates was read (or is gone): one read per
   * escalation due, none for any other send.
   */
  private async readBeforeDue(
    tx: Transaction,
    notification: NotificationDelivery | undefined,
  ): Promise<boolean> {
    const s = notification?.snapshot();
    if (s === undefined || s.inboxId === null) {
      return true;
    }
    const item = await this.inbox.find(tx, s.recipientId, s.inboxId);
    return item === undefined || item.readAt !== null;
  }

  /** Time past its channel's timeout before a claim counts as abandoned. */
  private readonly leaseMarginMs = 30_000;
}

/** What the channel carries of the notification (the send's creation is when it fired). */
function messageOf(delivery: NotificationDelivery, send: ChannelSend) {
  const d = delivery.snapshot();
  return {
    id: d.id,
    recipientId: d.recipientId,
    title: d.title,
    message: d.message,
    url: d.url,
    scheduledAt: d.scheduledAt,
    priority: d.priority,
    sentAt: send.snapshot().createdAt,
    inInbox: includesInbox(d.channels),
  };
}
