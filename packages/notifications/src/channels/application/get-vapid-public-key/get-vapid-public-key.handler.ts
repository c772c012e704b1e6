import { type CommandHandler } from '@tickler/core';
import { inject, injectable } from 'inversify';
import { NOTIFICATIONS_TOKENS } from '../../../shared/notifications.tokens';
import { type VapidKeySource } from '../ports/vapid-keys.port';
import { GetVapidPublicKey, type VapidPublicKeyView } from './get-vapid-public-key.command';

/** Handles `GetVapidPublicKey`: the public half of the key pair, never the private one. */
@injectable()
export class GetVapidPublicKeyHandler implements CommandHandler<GetVapidPublicKey> {
  static readonly handles = GetVapidPublicKey;

  constructor(@inject(NOTIFICATIONS_TOKENS.VapidKeys) private readonly keys: VapidKeySource) {}

  async execute(): Promise<VapidPublicKeyView> {
    const { publicKey } = await this.keys.current();
    return { publicKey };
  }
}
