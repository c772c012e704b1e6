/** Error code of a connection refused by the address rules (the send outcome: `refused-target`). */
export const REFUSED_TARGET_CODE = 'ERR_TICKLER_REFUSED_TARGET';

/**
 * An outgoing connection the address rules refused: the target is (or resolved to) a loopback,
 * private, link-local, metadata or other non-public address.
 */
export class RefusedTargetError extends Error {
  readonly code = REFUSED_TARGET_CODE;

  constructor(host: string, address?: string) {
    super(
      address === undefined || address === host
        ? `${host} is not a public address`
        : `${host} resolved to ${address}, which is not a public address`,
    );
    this.name = 'RefusedTargetError';
  }
}
