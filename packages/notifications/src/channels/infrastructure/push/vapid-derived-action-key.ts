import { hkdfSync } from 'node:crypto';
import { inject, injectable } from 'inversify';
import { NOTIFICATIONS_TOKENS } from '../../../shared/notifications.tokens';
import { type ActionLinkKeySource } from '../../application/ports/action-link-key.port';
import { type VapidKeySource } from '../../application/ports/vapid-keys.port';

/**
 * The action-link key derived (HKDF-SHA256, its own `info`) from the VAPID private key: the one
 * secret every daemon of a database already shares and keeps (a file beside SQLite, a row on
 * PostgreSQL), so no second secret has to be stored, and knowing the derived key reveals
 * nothing of the VAPID key.
 */
@injectable()
export class VapidDerivedActionKey implements ActionLinkKeySource {
  private key: Buffer | undefined;

  constructor(@inject(NOTIFICATIONS_TOKENS.VapidKeys) private readonly vapid: VapidKeySource) {}

  async current(): Promise<Buffer> {
    if (this.key === undefined) {
      const { privateKey } = await this.vapid.current();
      const derived = hkdfSync(
        'sha256',
        Buffer.from(privateKey, 'base64url'),
        Buffer.from('tickler'),
        Buffer.from('action-links v1'),
        32,
      );
      this.key = Buffer.from(derived);
    }
    return this.key;
  }
}
