import { sql } from 'kysely';

/**
 * A channel send not of a channel kind nor of a subscription the operator paused: a paused one
 * waits (pending, unclaimed) until resumed. Uncorrelated subqueries on tables of a handful of
 * rows, evaluated once per statement: with nothing paused they cost two empty reads, and the
 * live index still orders the scan. Shared by the send claim and the due-instants read, which
 * must skip the same sends (else the loop wakes for a send it may not take, again and again).
 * `subscription_id` is null only on settled carried rows; `not in` would drop them, so say so.
 */
export const NOT_PAUSED = sql<boolean>`channel not in (select channel from notification_channel_pauses)
  and (subscription_id is null
    or subscription_id not in (select subscription_id from notification_subscription_pauses))`;
