import { CORE_TOKENS, type IdGenerator, type Transaction } from '@tickler/core';
import { inject, injectable } from 'inversify';
import { type NotificationDelivery } from '../../domain/notification-delivery.entity';
import { NOTIFICATIONS_TOKENS } from '../../../shared/notifications.tokens';
import { includesInbox } from '../../../shared/application/channel-kinds';
import { type ResolvedNotificationsOptions } from '../../../shared/application/notifications.options';
import { type NotificationDeliveryRepository } from '../ports/notification-delivery.repository';
import {
  type RecipientHold,
  type RecipientRule,
  type RecipientRules,
} from '../ports/recipient-rules.port';
import { digestOf } from './digest-of';

/** One digest of a batch: the new delivery that carries it and the items it lists. */
export interface DigestGroup {
  readonly digest: NotificationDelivery;
  readonly items: readonly NotificationDelivery[];
}

/** What the recipients' profiles decided for the deliveries of a batch going out now. */
export interface DuePlan {
  /** Fire these now (the batch persists them with its settlements), digests included. */
  readonly fire: NotificationDelivery[];
  /** The digests among {@link fire}: {@link DueTimeRules.settleDigests} settles their items. */
  readonly digests: readonly DigestGroup[];
  /** Held to a later instant, saved and their events recorded here: not part of the settlements. */
  readonly held: ReadonlySet<NotificationDelivery>;
  /** Delivery id → the instant its external sends wait for (quiet hours, inbox on time). */
  readonly holdExternal: ReadonlyMap<string, string>;
}

/**
 * The recipient's profile applied at the moment the dispatcher sends (docs/time.md, "Quiet
 * hours", "Digest windows"): inside quiet hours a delivery is held to the window's end and
 * records the instant it was meant for (`defer`), unless it is `high` priority; with
 * `inboxOnTime` its inbox row is written on time and only its external sends wait. With a
 * digest, what one recipient has due in this batch goes out as ONE delivery listing it (a
 * daily digest first holds each item to its window); a digest of one is an ordinary message.
 * One profile read per batch; a batch whose recipients set nothing is passed through untouched.
 */
@injectable()
export class DueTimeRules {
  constructor(
    @inject(CORE_TOKENS.IdGenerator) private readonly ids: IdGenerator,
    @inject(NOTIFICATIONS_TOKENS.RecipientRules) private readonly rules: RecipientRules,
    @inject(NOTIFICATIONS_TOKENS.DeliveryRepository)
    private readonly deliveries: NotificationDeliveryRepository,
    @inject(NOTIFICATIONS_TOKENS.Options) private readonly options: ResolvedNotificationsOptions,
  ) {}

  /** Splits `going` (due, decided to go out at `now`) into what fires now and what is held. */
  async plan(tx: Transaction, going: NotificationDelivery[], now: string): Promise<DuePlan> {
    const held = new Set<NotificationDelivery>();
    const holdExternal = new Map<string, string>();
    const asked = going.filter((d) => d.priority !== 'high').map((d) => d.recipientId);
    const profiles =
      asked.length > 0 ? await this.rules.rulesOf(tx, asked) : new Map<string, RecipientRule>();
    if (profiles.size === 0) {
      return { fire: going, digests: [], held, holdExternal };
    }
    const fire: NotificationDelivery[] = [];
    const grouped = new Map<string, NotificationDelivery[]>();
    for (const delivery of going) {
      const profile = delivery.priority === 'high' ? undefined : profiles.get(delivery.recipientId);
      const until = profile ? this.holdUntil(delivery, profile, now) : null;
      if (profile === undefined) {
        fire.push(delivery);
      } else if (until !== null && !until.external) {
        delivery.defer(until.at, now, until.reason);
        held.add(delivery);
      } else {
        if (until !== null) {
          holdExternal.set(delivery.id, until.at);
        }
        if (!profile.digests || until !== null) {
          fire.push(delivery);
        } else {
          grouped.set(delivery.recipientId, [
            ...(grouped.get(delivery.recipientId) ?? []),
            delivery,
          ]);
        }
      }
    }
    const digests: DigestGroup[] = [];
    for (const items of grouped.values()) {
      if (items.length === 1) {
        fire.push(...items);
      } else {
        const digest = digestOf(items, now, this.ids.next(), this.options.due);
        digests.push({ digest, items });
        fire.push(digest);
      }
    }
    for (const delivery of held) {
      await this.deliveries.save(tx, delivery, { status: 'scheduled' });
      tx.recordEvents(delivery.pullEvents());
    }
    return { fire, digests, held, holdExternal };
  }

  /**
   * After the batch fired: each digest's items are `sent`, linked to the digest (and its inbox
   * row); the digest row is inserted and its events recorded. The items are persisted with the
   * batch's settlements.
   */
  async settleDigests(tx: Transaction, plan: DuePlan, now: string): Promise<void> {
    for (const { digest, items } of plan.digests) {
      const inboxId = digest.snapshot().inboxId;
      for (const item of items) {
        item.sentInDigest(now, digest.id, inboxId);
      }
      await this.deliveries.insert(tx, digest);
      tx.recordEvents(digest.pullEvents());
    }
  }

  /** Where the recipient's rules hold `delivery` at `now`; null: it goes out now. */
  private holdUntil(
    delivery: NotificationDelivery,
    rule: RecipientRule,
    now: string,
  ): RecipientHold | null {
    const meantFor = delivery.snapshot().scheduledAt ?? now;
    return rule.holdAt(meantFor, now, includesInbox(delivery.channels));
  }
}
