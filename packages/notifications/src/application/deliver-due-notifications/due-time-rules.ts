import { CORE_TOKENS, type IdGenerator, type Transaction } from '@tickler/core';
import { inject, injectable } from 'inversify';
import { type NotificationDelivery } from '../../domain/notification-delivery.entity';
import { quietUntil } from '../../domain/recipient-profile/quiet-hours';
import { type RecipientProfileState } from '../../domain/recipient-profile/recipient-profile.state';
import { NOTIFICATIONS_TOKENS } from '../../notifications.tokens';
import { includesInbox } from '../channels/fire-deliveries';
import { type ResolvedNotificationsOptions } from '../notifications.options';
import { type NotificationDeliveryRepository } from '../ports/notification-delivery.repository';
import { type RecipientProfileRepository } from '../ports/recipient-profile.repository';

/** What the recipients' profiles decided for the deliveries of a batch going out now. */
export interface DuePlan {
  /** Fire these now (the batch persists them with its settlements). */
  readonly fire: NotificationDelivery[];
  /** Held to a later instant, saved and their events recorded here: not part of the settlements. */
  readonly held: ReadonlySet<NotificationDelivery>;
  /** Delivery id → the instant its external sends wait for (quiet hours, inbox on time). */
  readonly holdExternal: ReadonlyMap<string, string>;
}

/** The zone a profile's windows are read in: its own, or UTC when it set none. */
export function zoneOf(profile: RecipientProfileState): string {
  return profile.timeZone ?? 'UTC';
}

/**
 * The recipient's profile applied at the moment the dispatcher sends (docs/time.md, "Quiet
 * hours"): inside quiet hours a delivery is held to the window's end and records the instant it
 * was meant for (`defer`), unless it is `high` priority; with `inboxOnTime` its inbox row is
 * written on time and only its external sends wait. One profile read per batch; a batch whose
 * recipients set nothing is passed through untouched.
 */
@injectable()
export class DueTimeRules {
  constructor(
    @inject(CORE_TOKENS.IdGenerator) private readonly ids: IdGenerator,
    @inject(NOTIFICATIONS_TOKENS.RecipientProfileRepository)
    private readonly profiles: RecipientProfileRepository,
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
      asked.length > 0
        ? await this.profiles.findMany(tx, asked)
        : new Map<string, RecipientProfileState>();
    if (profiles.size === 0) {
      return { fire: going, held, holdExternal };
    }
    const fire: NotificationDelivery[] = [];
    for (const delivery of going) {
      const profile = profiles.get(delivery.recipientId);
      const until =
        profile?.quietHours && delivery.priority !== 'high'
          ? quietUntil(now, profile.quietHours, zoneOf(profile))
          : null;
      if (until === null || profile === undefined) {
        fire.push(delivery);
      } else if (profile.inboxOnTime && includesInbox(delivery.channels)) {
        fire.push(delivery);
        holdExternal.set(delivery.id, until);
      } else {
        delivery.defer(until, now, 'quiet-hours');
        held.add(delivery);
      }
    }
    for (const delivery of held) {
      await this.deliveries.save(tx, delivery, { status: 'scheduled' });
      tx.recordEvents(delivery.pullEvents());
    }
    return { fire, held, holdExternal };
  }
}
