import { createHash } from 'node:crypto';
import { type NewNotificationDelivery } from '../../domain/notification-delivery.entity';
import { type RequestedDelivery } from './new-delivery-of';
import { type SendNotification } from './send-notification.command';

/** Marks a fingerprint of every field; one without it was recorded before (see `legacy`). */
const VERSION = 'v2:';

function digest(canonical: unknown): string {
  return createHash('sha256').update(JSON.stringify(canonical), 'utf8').digest('hex');
}

/**
 * A digest of EVERYTHING a send asks for, normalised so that the same request sent again — by
 * another client library, with another offset — has the same fingerprint, and any real
 * difference in any field changes it: instants in stored form (the send instant a lead rule
 * derives included), `channel: "x"` as `channels: ["x"]`, no priority as `normal`, absent as
 * null. `when` counts as sent, not the instant it resolved to: "in 2 hours" replayed a minute
 * later is the same request. The recipient and the key itself are the key, not the request.
 */
export function requestFingerprint(requested: RequestedDelivery, send: SendNotification): string {
  const { props } = requested;
  const source = props.source;
  return `${VERSION}${digest({
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
  })}`;
}

/**
 * The fingerprint as recorded before {@link VERSION}: it left out `priority`, `repeat`, a lead
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
  return recorded.startsWith(VERSION)
    ? recorded === requestFingerprint(requested, send)
    : recorded === legacyFingerprint(requested.props, send);
}
