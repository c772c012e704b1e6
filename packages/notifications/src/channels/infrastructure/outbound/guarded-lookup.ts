import dns, { type LookupAddress, type LookupOptions } from 'node:dns';
import { isMetadataHost, isPublicAddress } from './address-rules';
import { RefusedTargetError } from './refused-target.error';

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for `net.connect` / undici's connector / `https.Agent`: resolves like
 * `dns.lookup`, then refuses (error `ERR_TICKLER_REFUSED_TARGET`) when any address the name
 * resolved to is not public. The socket connects to exactly the address checked here, so a DNS
 * answer that changes between registration and send (rebinding) cannot get around the rule.
 * Node skips `lookup` for an IP literal host: callers check literals themselves
 * (`checkLiteralHost`).
 */
export function guardedLookup(
  hostname: string,
  options: LookupOptions,
  callback: LookupCallback,
): void {
  if (isMetadataHost(hostname)) {
    callback(new RefusedTargetError(hostname), []);
    return;
  }
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) {
      callback(error, []);
      return;
    }
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    if (refused) {
      callback(new RefusedTargetError(hostname, refused.address), []);
      return;
    }
    if (options.all === true) {
      callback(null, addresses);
      return;
    }
    const first = addresses[0];
    if (!first) {
      callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), []);
      return;
    }
    callback(null, first.address, first.family);
  });
}
