import { type ContainerModuleLoadOptions } from 'inversify';
import { NOTIFICATIONS_TOKENS } from '../../../shared/notifications.tokens';
import { type EmailOptions, resolveEmailSettings } from './email.options';

/**
 * What the email channel needs bound: its settings (SMTP or none). The adapter itself is one
 * entry of `EXTERNAL_CHANNELS` (present even without SMTP settings).
 */
export function bindEmailChannel(
  { bind }: Pick<ContainerModuleLoadOptions, 'bind'>,
  options: EmailOptions = {},
): void {
  bind(NOTIFICATIONS_TOKENS.EmailSettings).toConstantValue(resolveEmailSettings(options));
}
