import { createHash } from 'node:crypto';
import { type NewNotificationDelivery } from '../../domain/notification-delivery.entity';

/**
 * A digest of what a send asks for, normalised (instants in stored form, the send instant a
 * rule derives, absent = null), so the same request sent again — by another client library,
 * with another offset — has the same fingerprint, and any real difference changes it.
 */
export function requestFingerprint(props: NewNotificationDelivery): string {
  const source = props.source ?? null;
  const canonical = JSON.stringify([
    props.channel,
    props.title,
    props.message,
    props.url ?? null,
    props.scheduledAt ?? null,
    props.eventAt ?? null,
    props.expiresAt ?? null,
    source && [source.app, source.key, source.collection, source.id, source.rule],
  ]);
  return createHash('sha256').update(canonical, 'utf8').digest('hex');
}
