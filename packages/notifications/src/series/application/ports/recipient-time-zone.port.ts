import { type Scope } from '../../../shared/application/ports/scope';

/**
 * Where "the recipient's zone" comes from when a request names none (`repeat.timeZone`
 * omitted, or a `when` without `timeZone`): `ProfileRecipientTimeZone` answers the zone the
 * person set in their profile, UTC when none.
 */
export interface RecipientTimeZone {
  /** The recipient's IANA zone name. */
  timeZoneOf(scope: Scope, recipientId: string): Promise<string>;
}
