import { injectable } from 'inversify';
import { type RecipientTimeZone } from '../application/ports/recipient-time-zone.port';

/** The default {@link RecipientTimeZone} while recipients have no profile: everyone is in UTC. */
@injectable()
export class UtcRecipientTimeZone implements RecipientTimeZone {
  timeZoneOf(): Promise<string> {
    return Promise.resolve('UTC');
  }
}
