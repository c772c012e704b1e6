import { ManualClock } from '@tickler/core';
import { REFERENCE_TIME } from '@tickler/core/testing';
import {
  type NotificationsOptions,
  resolveNotificationsOptions,
} from '../shared/application/notifications.options';
import {
  NotificationDelivery,
  type NewNotificationDelivery,
} from '../delivery/domain/notification-delivery.entity';
import { type ChannelSubscription } from '../channels/application/ports/subscription.repository';
import { SUBSCRIPTION_KINDS } from '../shared/application/channel-kinds';
import { ChannelRegistry } from '../channels/application/channel-registry';
import { DeliveryFiring } from '../channels/application/fire-deliveries';
import { InboxChannel } from '../channels/infrastructure/inbox/inbox.channel';
import { FakeUnitOfWork, RecordingWakeUp, ScriptedChannel, SequentialIds } from './fakes';
import { InMemoryChannelSendRepository } from './in-memory-channel-send.repository';
import { InMemoryDeliveryRepository } from './in-memory-delivery.repository';
import { InMemoryIdempotencyRepository } from './in-memory-idempotency';
import { InMemoryInboxRepository } from './in-memory-inbox.repository';
import { InMemorySubscriptionRepository } from './in-memory-subscription.repository';
import { InMemoryRecipientProfileRepository } from './in-memory-recipient-profile.repository';
import { InMemorySeriesRepository } from './in-memory-series.repository';
import { InMemoryPreferenceRepository } from './in-memory-preference.repository';
import { StoredChannelPreferences } from '../preferences/application/stored-channel-preferences';
import { SeriesScheduler } from '../series/application/series-scheduler';
import { SeriesStarter } from '../series/application/series-starter';
import { SeriesEdits } from '../series/application/series-edits';
import { ProfileRecipientTimeZone } from '../series/application/profile-recipient-time-zone';
import { RecurringSeriesService } from '../series/application/recurring-series.service';
import { ProfileRecipientRules } from '../profile/application/profile-recipient-rules';

/** What read handlers get as their database in unit tests: the in-memory fakes ignore it. */
export const NO_DATABASE = { kysely: null as never };

/** An hour after the reference time: the default send instant of {@link storeDelivery}. */
export const IN_AN_HOUR = new Date(Date.parse(REFERENCE_TIME) + 3_600_000).toISOString();

/**
 * Creates a delivery the way `SendNotification` would (created at `now`, live policy; an
 * immediate one fired to its inbox) and stores it: by default alice's reminder, scheduled an
 * hour after the reference time.
 */
export async function storeDelivery(
  deliveries: InMemoryDeliveryRepository,
  props: Partial<NewNotificationDelivery> = {},
  { id = `d-${deliveries.rows.size + 1}`, now = REFERENCE_TIME } = {},
): Promise<NotificationDelivery> {
  const delivery = NotificationDelivery.create(
    {
      recipientId: 'alice',
      channels: null,
      title: 'Bins out',
      message: 'Trash and recycling.',
      scheduledAt: IN_AN_HOUR,
      ...props,
    },
    now,
    id,
    { graceMs: 12 * 3_600_000, dryRun: false },
  );
  if (delivery.isDue(now)) {
    delivery.fire(now, { inbox: true, external: 0 });
  }
  delivery.pullEvents();
  await deliveries.insert(null, delivery);
  return delivery;
}

/**
 * The channel side of handler tests: the inbox (over an in-memory inbox), one scripted external
 * channel (`webhook`), in-memory subscriptions and sends, the send loop's wake-up, and the
 * firing service built on them.
 */
export function channelFakes(ids = new SequentialIds(), inbox = new InMemoryInboxRepository()) {
  const subscriptions = new InMemorySubscriptionRepository();
  const sends = new InMemoryChannelSendRepository();
  const channel = new ScriptedChannel('webhook');
  // Every other kind CHANNEL_KINDS names gets an idle scripted stand-in (the registry wants all).
  const others = SUBSCRIPTION_KINDS.filter((kind) => kind !== channel.kind).map(
    (kind) => new ScriptedChannel(kind),
  );
  const registry = new ChannelRegistry(new InboxChannel(inbox), [channel, ...others]);
  const sendsWakeUp = new RecordingWakeUp();
  const preferences = new InMemoryPreferenceRepository();
  const firing = new DeliveryFiring(
    ids,
    subscriptions,
    sends,
    registry,
    sendsWakeUp,
    new StoredChannelPreferences(preferences),
  );
  return { inbox, subscriptions, sends, channel, registry, sendsWakeUp, firing, preferences };
}

/**
 * Fakes for the handlers that create deliveries (`SendNotificationHandler`,
 * `SendNotificationsHandler`): by name for assertions, and as `args` in their constructors' order.
 */
export function sendHandlerFakes(options: NotificationsOptions = {}, now = REFERENCE_TIME) {
  const uow = new FakeUnitOfWork();
  const clock = new ManualClock(now);
  const ids = new SequentialIds();
  const deliveries = new InMemoryDeliveryRepository();
  const channels = channelFakes(ids);
  const wakeUp = new RecordingWakeUp();
  const resolved = resolveNotificationsOptions(options);
  const idempotency = new InMemoryIdempotencyRepository();
  const profiles = new InMemoryRecipientProfileRepository();
  const rules = new ProfileRecipientRules(profiles);
  const args = [
    uow,
    clock,
    ids,
    deliveries,
    wakeUp,
    resolved,
    idempotency,
    channels.firing,
    rules,
  ] as const;
  const seriesRepository = new InMemorySeriesRepository();
  const scheduler = new SeriesScheduler(ids, deliveries, seriesRepository, wakeUp, resolved);
  const starter = new SeriesStarter(scheduler, new ProfileRecipientTimeZone(profiles));
  const edits = new SeriesEdits(seriesRepository, deliveries, wakeUp, starter);
  /** The series collaborators (`SendNotificationHandler` takes `port` after `args`). */
  const series = {
    repository: seriesRepository,
    scheduler,
    starter,
    port: new RecurringSeriesService(starter, edits, seriesRepository),
  };
  return {
    uow,
    clock,
    ids,
    deliveries,
    inbox: channels.inbox,
    wakeUp,
    channels,
    options: resolved,
    profiles,
    rules,
    idempotency,
    args,
    series,
  };
}

/** A stored subscription for handler tests: alice's active scripted-webhook target by default. */
export function subscriptionOf(fields: Partial<ChannelSubscription> = {}): ChannelSubscription {
  return {
    id: 's1',
    recipientId: 'alice',
    kind: 'webhook',
    targetKey: 'webhook',
    target: { endpoint: 'https://hooks.example.com', secret: 'do-not-show' },
    guarantee: 'at-least-once',
    isDefault: false,
    active: true,
    deactivatedAt: null,
    deactivatedReason: null,
    pausedAt: null,
    pausedReason: null,
    consecutiveFailures: 0,
    createdAt: REFERENCE_TIME,
    updatedAt: REFERENCE_TIME,
    ...fields,
  };
}

/** Delivery's series port over in-memory fakes (the edit and cancel handlers' collaborator). */
export function recurringSeriesOf(
  deliveries: InMemoryDeliveryRepository,
  wakeUp = new RecordingWakeUp(),
  repository = new InMemorySeriesRepository(),
  profiles = new InMemoryRecipientProfileRepository(),
): RecurringSeriesService {
  const ids = new SequentialIds();
  const scheduler = new SeriesScheduler(
    ids,
    deliveries,
    repository,
    wakeUp,
    resolveNotificationsOptions({}),
  );
  const starter = new SeriesStarter(scheduler, new ProfileRecipientTimeZone(profiles));
  const edits = new SeriesEdits(repository, deliveries, wakeUp, starter);
  return new RecurringSeriesService(starter, edits, repository);
}
