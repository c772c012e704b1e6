import { type Scope } from './scope';

/**
 * Where "the recipient's zone" comes from when a request names none (`repeat.timeZone`
 * omitted). The default adapter answers UTC; the recipient profile implements this port with
 * the person's own zone and rebinds `SERIES_TOKENS.RecipientTimeZone`.
 */
export interface RecipientTimeZone {
  /** The recipient's IANA zone name. */
  timeZoneOf(scope: Scope, recipientId: string): Promise<string>;
}
