import { InvalidArgumentError } from '@tickler/core/domain';
import { parseInstant } from '@tickler/core';
import { LeadRule } from '../../domain/lead-rule';
import { parseEscalation, parseFallback } from '../../../shared/domain/escalation-rule';
import { SUBSCRIPTION_KINDS } from '../../../shared/application/channel-kinds';
import { type NewNotificationDelivery } from '../../domain/notification-delivery.entity';
import { type SendNotification } from './send-notification.command';

/** What a `SendNotification` asks for, its instants normalised and its send instant decided. */
export interface RequestedDelivery {
  readonly props: NewNotificationDelivery;
  /** The producer source key that must not be taken yet, when a source is given. */
  readonly sourceKey: { app: string; key: string; rule: string | null } | null;
  /** The lead rule as asked for, in canonical text (`lead:3600`), with or without a source. */
  readonly rule: string | null;
}

/**
 * Reads a validated send request (one command, or one entry of `SendNotifications`). `field`
 * names a field in errors (`items.3.scheduledAt` for an entry of a batch).
 */
export function newDeliveryOf(
  send: SendNotification,
  field: (name: string) => string = (name) => name,
): RequestedDelivery {
  const eventAt = send.eventAt === undefined ? null : parseInstant(send.eventAt, field('eventAt'));
  const expiresAt =
    send.expiresAt === undefined ? null : parseInstant(send.expiresAt, field('expiresAt'));
  const rule = send.rule === undefined ? null : LeadRule.parse(send.rule, field('rule'));
  const ruleText = rule?.toString() ?? null;
  const source = send.source;
  return {
    props: {
      recipientId: send.recipientId,
      channels: channelsOf(send, field) ?? null,
      title: send.title,
      message: send.message,
      url: send.url ?? null,
      scheduledAt:
        send.scheduledAt === undefined
          ? (rule?.sendInstant(eventAt, expiresAt) ?? null)
          : parseInstant(send.scheduledAt, field('scheduledAt')),
      eventAt,
      expiresAt,
      idempotencyKey: send.idempotencyKey ?? null,
      priority: send.priority ?? 'normal',
      escalation:
        send.escalate === undefined
          ? null
          : parseEscalation({ ...send.escalate }, field('escalate'), SUBSCRIPTION_KINDS),
      fallback:
        send.fallback === undefined
          ? null
          : parseFallback({ ...send.fallback }, field('fallback'), SUBSCRIPTION_KINDS),
      source: source
        ? {
            app: source.app,
            key: source.key,
            collection: source.collection ?? null,
            id: source.id ?? null,
            rule: ruleText,
          }
        : null,
    },
    sourceKey: source ? { app: source.app, key: source.key, rule: ruleText } : null,
    rule: ruleText,
  };
}

/**
 * The channels a create or an edit asks for: `channels`, or the older `channel` alias as a
 * one-element list (both at once is refused, naming `channel`); undefined when neither is given.
 */
export function channelsOf(
  input: { readonly channels?: string[] | undefined; readonly channel?: string | undefined },
  field: (name: string) => string = (name) => name,
): string[] | undefined {
  if (input.channel !== undefined && input.channels !== undefined) {
    throw new InvalidArgumentError(
      field('channel'),
      'give channels or its older alias channel, not both',
    );
  }
  return input.channel !== undefined ? [input.channel] : input.channels;
}
