import dns from 'node:dns/promises';
import { isIP } from 'node:net';
import { InvalidArgumentError } from '@tickler/core/domain';
import { inject, injectable } from 'inversify';
import { type ResolvedNotificationsOptions } from '../../../shared/application/notifications.options';
import { NOTIFICATIONS_TOKENS } from '../../../shared/notifications.tokens';
import { bareHost, isMetadataHost, isPublicAddress } from './address-rules';
import { guardedLookup } from './guarded-lookup';
import { RefusedTargetError } from './refused-target.error';

/**
 * The address rule of every outgoing request (SSRF), applied twice: when a target is registered
 * (`checkRegistration`: no user:password@, no metadata host, a literal or every address the name
 * resolves to must be public) and again when connecting (`lookup`, `checkLiteralHost`), since a
 * name may resolve elsewhere later. `allowPrivateTargets` (`TICKLER_ALLOW_PRIVATE_TARGETS=true`)
 * lifts the address rule — not the userinfo rule — for a desktop whose local app takes webhooks.
 */
@injectable()
export class TargetGuard {
  constructor(
    @inject(NOTIFICATIONS_TOKENS.Options) private readonly options: ResolvedNotificationsOptions,
  ) {}

  /** Whether the address rule is lifted. */
  get allowsPrivate(): boolean {
    return this.options.allowPrivateTargets;
  }

  /**
   * Registration: refuses (an `InvalidArgumentError` naming `field`) a URL with userinfo, a
   * metadata host, a non-public literal, or a name that resolves to a non-public address. A
   * name that does not resolve now is accepted: it is checked again at every connection.
   */
  async checkRegistration(url: URL, field: string): Promise<void> {
    if (url.username !== '' || url.password !== '') {
      throw new InvalidArgumentError(field, 'a URL with user:password@ is refused');
    }
    if (this.allowsPrivate) {
      return;
    }
    const host = bareHost(url.hostname);
    const refusal = `the target ${host} is not a public address (TICKLER_ALLOW_PRIVATE_TARGETS=true lifts this rule)`;
    if (isMetadataHost(host)) {
      throw new InvalidArgumentError(field, refusal);
    }
    if (isIP(host) !== 0) {
      if (!isPublicAddress(host)) {
        throw new InvalidArgumentError(field, refusal);
      }
      return;
    }
    let addresses: { address: string }[];
    try {
      addresses = await dns.lookup(host, { all: true });
    } catch {
      return; // not resolvable now: the connect-time rule decides later
    }
    if (addresses.some((a) => !isPublicAddress(a.address))) {
      throw new InvalidArgumentError(field, refusal);
    }
  }

  /** Connect time, IP literal hosts (Node does not call `lookup` for them): throws `RefusedTargetError`. */
  checkLiteralHost(url: URL): void {
    const host = bareHost(url.hostname);
    if (this.allowsPrivate || isIP(host) === 0) {
      return;
    }
    if (!isPublicAddress(host)) {
      throw new RefusedTargetError(host);
    }
  }

  /** Connect time, names: the `lookup` sockets use (plain `dns.lookup` when the rule is lifted). */
  get lookup(): typeof guardedLookup | undefined {
    return this.allowsPrivate ? undefined : guardedLookup;
  }
}
