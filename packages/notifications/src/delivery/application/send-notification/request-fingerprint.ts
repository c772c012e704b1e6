import { createHash } from 'node:crypto';
import { type NewNotificationDelivery } from '../../domain/notification-delivery.entity';
import { type RequestedDelivery } from './new-delivery-of';
import { type SendNotification } from './send-notification.command';

/** Marks a fingerprint of every field; one without it was recorded before (see `sameRequest`). */
const VERSION = 'v3:';
/** The fingerprint before `escalate` and `fallback` existed: kept to compare keys first used then. */
const V2 = 'v2:';

function digest(canonical: unknown): string {
  return createHash('sha256').update(JSON.stringify(canonical), 'utf8').digest('hex');
}

/** The fields of a v2 fingerprint, normalised (see {@link requestFingerprint}). */
function v2Fields(requested: RequestedDelivery, send: SendNotification): Record<string, unknown> {
  const { props } = requested;
  const source = props.source;
  return {
    channels: props.channels,
    title: props.title,
    message: props.message,
    url: props.url,
    scheduledAt: props.scheduledAt,
    eventAt: props.eventAt,
    expiresAt: props.expiresAt,
    rule: requested.rule,
    source: source && [source.app, source.key, source.collection, source.id],
    priority: props.priority,
    when: send.when ?? null,
    timeZone: send.timeZone ?? null,
    repeat: send.repeat === undefined ? null : [send.repeat.rule, send.repeat.timeZone ?? null],
  };
}

/**
 * A digest of EVERYTHING a send asks for, normalised so that the same request sent again — by
 * another client library, with another offset — has the same fingerprint, and any real
 * difference in any field changes it: instants in stored form (the send instant a lead rule
 * derives included), `channel: "x"` as `channels: ["x"]`, no priority as `normal`, absent as
 * null, an escalation's wait in ms (`60m` is `1h`). `when` counts as sent, not the instant it
 * resolved to: "in 2 hours" replayed a minute later is the same request. The recipient and the
 * key itself are the key, not the request.
 */
export function requestFingerprint(requested: RequestedDelivery, send: SendNotification): string {
  const { escalation, fallback } = requested.props;
  return `${VERSION}${digest({
    ...v2Fields(requested, send),
    escalate: escalation ? [escalation.afterMs, escalation.channel] : null,
    fallback: fallback?.channel ?? null,
  })}`;
}

/**
 * The fingerprint as recorded before {@link V2}: it left out `priority`, `repeat`, a lead
 * rule without a source, and took no channels for `["inbox"]`. Kept only to compare keys first
 * used then, on the fields it holds.
 */
function legacyFingerprint(props: NewNotificationDelivery, send: SendNotification): string {
  const source = props.source ?? null;
  const channels = props.channels ?? null;
  return digest([
    channels === null ? 'inbox' : channels.length === 1 ? channels[0] : channels,
    props.title,
    props.message,
    props.url ?? null,
    props.scheduledAt ?? null,
    props.eventAt ?? null,
    props.expiresAt ?? null,
    source && [source.app, source.key, source.collection, source.id, source.rule],
    ...(send.when === undefined ? [] : [[send.when, send.timeZone ?? null]]),
  ]);
}

/** Whether `recorded` (a key's first request, as kept) is the fingerprint of this request. */
export function sameRequest(
  recorded: string,
  requested: RequestedDelivery,
  send: SendNotification,
): boolean {
  if (recorded.startsWith(VERSION)) {
    return recorded === requestFingerprint(requested, send);
  }
  return recorded.startsWith(V2)
    ? recorded === `${V2}${digest(v2Fields(requested, send))}`
    : recorded === legacyFingerprint(requested.props, send);
}
