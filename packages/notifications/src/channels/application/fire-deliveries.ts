import { CORE_TOKENS, type IdGenerator, msOf, toIsoUtc, type Transaction } from '@tickler/core';
import { inject, injectable } from 'inversify';
import { type ChannelSend } from '../domain/channel-send.entity';
import { newChannelSend } from './new-channel-send';
import { type NotificationDelivery } from '../../delivery/domain/notification-delivery.entity';
import { NOTIFICATIONS_TOKENS } from '../../shared/notifications.tokens';
import { INBOX_CHANNEL, includesInbox } from '../../shared/application/channel-kinds';
import { type ChannelSendRepository } from './ports/channel-send.repository';
import { type InTransactionDelivery } from './ports/delivery-channel.port';
import { type DeliveryOutlets } from '../../delivery/application/ports/delivery-outlets.port';
import {
  type ChannelSubscription,
  type SubscriptionRepository,
} from './ports/subscription.repository';
import { type DeliveryWakeUp } from '../../shared/application/ports/wake-up.port';
import {
  type ChannelFilter,
  type ChannelPreferences,
} from '../../delivery/application/ports/channel-preferences.port';
import { type ChannelRegistry } from './channel-registry';

/**
 * Fires notifications that are due and going out, inside the caller's transaction: resolves
 * their targets now (a subscription added after scheduling counts), writes the inbox rows in
 * bulk, creates one `pending` channel send per external target the recipient's preferences leave
 * on (`ChannelPreferences`), lets each aggregate settle its
 * status (`sent` with the inbox, `sending` with only external targets, `failed` with none) and
 * wakes the send loop. It never sends anything itself: external sends run after commit, in the
 * send loop. The caller persists the deliveries and records their events.
 */
@injectable()
export class DeliveryFiring implements DeliveryOutlets {
  /**
   * The filter `settleMuted` read, for the `fire` of the same batch (same transaction, a subset
   * of its deliveries): the due batch read `notification_preferences` twice (issue 28 item 2).
   * Keyed by the transaction object, so it dies with it and no other transaction sees it.
   */
  private readonly batchFilters = new WeakMap<
    Transaction,
    { recipients: ReadonlySet<string>; filter: ChannelFilter }
  >();

  constructor(
    @inject(CORE_TOKENS.IdGenerator) private readonly ids: IdGenerator,
    @inject(NOTIFICATIONS_TOKENS.SubscriptionRepository)
    private readonly subscriptions: SubscriptionRepository,
    @inject(NOTIFICATIONS_TOKENS.ChannelSendRepository)
    private readonly sends: ChannelSendRepository,
    @inject(NOTIFICATIONS_TOKENS.Channels) private readonly channels: ChannelRegistry,
    @inject(NOTIFICATIONS_TOKENS.SendsWakeUp) private readonly wakeUp: DeliveryWakeUp,
    @inject(NOTIFICATIONS_TOKENS.ChannelPreferences)
    private readonly preferences: ChannelPreferences,
  ) {}

  /**
   * Fires `deliveries` (each `scheduled` and due, decided to go out) at `now`; returns the sends
   * created. `holdExternal` (delivery id → instant) makes those deliveries' external sends due
   * at that instant instead of now (quiet hours with the inbox on time).
   */
  async fire(
    tx: Transaction,
    deliveries: readonly NotificationDelivery[],
    now: string,
    holdExternal: ReadonlyMap<string, string> = new Map(),
  ): Promise<ChannelSend[]> {
    const preferences = await this.filterOf(tx, deliveries);
    // The reminder's own escalation wins over the one its person set for its source.
    const escalationOf = (d: NotificationDelivery) => d.escalation ?? preferences.escalationOf(d);
    const byRecipient = await this.targetsOf(tx, deliveries, escalationOf);
    const inbox: InTransactionDelivery[] = [];
    const created: ChannelSend[] = [];
    for (const delivery of deliveries) {
      const { wantsInbox, targets, turnedOff } = this.resolve(delivery, byRecipient, preferences);
      delivery.fire(now, { inbox: wantsInbox, external: targets.length, turnedOff });
      if (wantsInbox) {
        const s = delivery.snapshot();
        inbox.push({
          id: s.id,
          recipientId: s.recipientId,
          title: s.title,
          message: s.message,
          url: s.url,
          sentAt: now,
        });
      }
      for (const subscription of targets) {
        this.addSend(created, delivery, subscription, now, holdExternal.get(delivery.id));
      }
      const rule = escalationOf(delivery);
      if (rule !== null && wantsInbox) {
        // A durable row due at the deadline, not a timer: the send loop cancels it if the
        // inbox item is read by then (issue 33 item 2).
        const at = toIsoUtc(msOf(now) + rule.afterMs);
        for (const subscription of byRecipient.get(delivery.recipientId) ?? []) {
          if (subscription.kind === rule.channel) {
            this.addSend(created, delivery, subscription, now, at, rule.afterMs);
          }
        }
      }
    }
    if (inbox.length > 0) {
      await this.channels.inTransaction.deliverMany(tx, inbox);
    }
    if (created.length > 0) {
      await this.sends.insertMany(tx, created);
      const first = created.map((s) => s.snapshot().dueAt ?? now).sort()[0] ?? now;
      await this.wakeUp.wakeAt(tx, first);
    }
    return created;
  }

  /**
   * Adds one `pending` send of `delivery` to `subscription`, due at `notBefore` (else now); an
   * escalation send when `escalateAfterMs` (its wait) is given.
   */
  private addSend(
    created: ChannelSend[],
    delivery: NotificationDelivery,
    subscription: ChannelSubscription,
    now: string,
    notBefore: string | undefined,
    escalateAfterMs?: number,
  ): void {
    const channel = this.channels.external(subscription.kind);
    if (!channel) {
      return;
    }
    created.push(
      newChannelSend(delivery.id, subscription, channel, now, this.ids.next(), {
        notBefore,
        escalateAfterMs,
      }),
    );
  }

  /**
   * Settles as missed (`preferences`) the deliveries whose every channel their recipient turned
   * off for their source, before quiet hours and digests see them; returns the others. Reads
   * nothing more when nobody in the batch turned anything off.
   */
  async settleMuted(
    tx: Transaction,
    deliveries: readonly NotificationDelivery[],
    now: string,
  ): Promise<NotificationDelivery[]> {
    const preferences = await this.preferences.filterFor(tx, deliveries);
    this.batchFilters.set(tx, {
      recipients: new Set(deliveries.map((d) => d.recipientId)),
      filter: preferences,
    });
    if (!preferences.turnsAnythingOff) {
      return [...deliveries];
    }
    const byRecipient = await this.targetsOf(tx, deliveries, () => null);
    return deliveries.filter((delivery) => {
      const { wantsInbox, targets, turnedOff } = this.resolve(delivery, byRecipient, preferences);
      if (wantsInbox || targets.length > 0 || turnedOff === 0) {
        return true;
      }
      delivery.fire(now, { inbox: false, external: 0, turnedOff });
      return false;
    });
  }

  /** The batch's filter when `settleMuted` read it for all these recipients, else a read. */
  private filterOf(
    tx: Transaction,
    deliveries: readonly NotificationDelivery[],
  ): Promise<ChannelFilter> {
    const read = this.batchFilters.get(tx);
    if (read !== undefined && deliveries.every((d) => read.recipients.has(d.recipientId))) {
      return Promise.resolve(read.filter);
    }
    return this.preferences.filterFor(tx, deliveries);
  }

  /**
   * Where `delivery` goes now: the inbox when its set has it and the switches leave it on, the
   * targets its set names (the default ones for the default set) that the switches leave on,
   * and how many of those the switches turned off.
   */
  private resolve(
    delivery: NotificationDelivery,
    byRecipient: ReadonlyMap<string, ChannelSubscription[]>,
    preferences: ChannelFilter,
  ): { wantsInbox: boolean; targets: ChannelSubscription[]; turnedOff: number } {
    const requested = delivery.channels;
    const offered = (byRecipient.get(delivery.recipientId) ?? []).filter((s) =>
      requested === null ? s.isDefault : requested.includes(s.kind),
    );
    const targets = offered.filter((s) => preferences.allows(delivery, s.kind));
    const asksInbox = includesInbox(requested);
    const wantsInbox = asksInbox && preferences.allows(delivery, INBOX_CHANNEL);
    const turnedOff = offered.length - targets.length + (asksInbox && !wantsInbox ? 1 : 0);
    return { wantsInbox, targets, turnedOff };
  }

  /**
   * The active subscriptions of the recipients whose set may have external targets or who have
   * an escalation (one read; none at all when every notification names only the inbox and
   * escalates nowhere, as the benchmarks' do).
   */
  private async targetsOf(
    tx: Transaction,
    deliveries: readonly NotificationDelivery[],
    escalationOf: (d: NotificationDelivery) => unknown,
  ): Promise<Map<string, ChannelSubscription[]>> {
    const recipients = deliveries
      .filter(
        (d) =>
          d.channels === null ||
          d.channels.some((kind) => kind !== INBOX_CHANNEL) ||
          escalationOf(d) !== null,
      )
      .map((d) => d.recipientId);
    const byRecipient = new Map<string, ChannelSubscription[]>();
    if (recipients.length === 0) {
      return byRecipient;
    }
    for (const subscription of await this.subscriptions.activeFor(tx, recipients)) {
      // A target its owner has not confirmed yet (an email address) receives nothing.
      const confirmation = this.channels.external(subscription.kind)?.confirmation;
      if (confirmation !== undefined && !confirmation.confirmed(subscription.target)) {
        continue;
      }
      const list = byRecipient.get(subscription.recipientId) ?? [];
      list.push(subscription);
      byRecipient.set(subscription.recipientId, list);
    }
    return byRecipient;
  }
}
