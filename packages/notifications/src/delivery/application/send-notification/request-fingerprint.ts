import { createHash } from 'node:crypto';
import { type NewNotificationDelivery } from '../../domain/notification-delivery.entity';

/**
 * A digest of what a send asks for, normalised (instants in stored form, the send instant a
 * rule derives, absent = null), so the same request sent again — by another client library,
 * with another offset — has the same fingerprint, and any real difference changes it. A `when`
 * request is fingerprinted by its text and zone (`props.scheduledAt` is then null).
 */
export function requestFingerprint(
  props: NewNotificationDelivery,
  when?: { readonly text: string; readonly timeZone: string | null },
): string {
  const source = props.source ?? null;
  const channels = props.channels ?? null;
  const canonical = JSON.stringify([
    // One channel is written as it was before `channels` (the default set as `inbox`), so a key
    // first used before the upgrade still matches the same request made again after it.
    channels === null ? 'inbox' : channels.length === 1 ? channels[0] : channels,
    props.title,
    props.message,
    props.url ?? null,
    props.scheduledAt ?? null,
    props.eventAt ?? null,
    props.expiresAt ?? null,
    source && [source.app, source.key, source.collection, source.id, source.rule],
    // `when` as sent, not the instant it resolved to: "in 2 hours" replayed a minute later is
    // the same request. Only present with `when`, so older fingerprints stay as they were.
    ...(when === undefined ? [] : [[when.text, when.timeZone]]),
  ]);
  return createHash('sha256').update(canonical, 'utf8').digest('hex');
}
