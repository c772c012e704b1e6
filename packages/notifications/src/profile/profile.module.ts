import { type ContextModule } from '../shared/context-module';
import { NOTIFICATIONS_TOKENS } from '../shared/notifications.tokens';
import { GetRecipientProfileHandler } from './application/get-recipient-profile/get-recipient-profile.handler';
import { ProfileRecipientRules } from './application/profile-recipient-rules';
import { UpdateRecipientProfileHandler } from './application/update-recipient-profile/update-recipient-profile.handler';
import { KyselyRecipientProfileRepository } from './infrastructure/kysely-recipient-profile.repository';

/**
 * People's profiles (zone, quiet hours, digest, default lead). Implements delivery's
 * `RecipientRules` port.
 */
export const profileModule: ContextModule = {
  bind(bind) {
    bind(NOTIFICATIONS_TOKENS.RecipientProfileRepository)
      .to(KyselyRecipientProfileRepository)
      .inSingletonScope();
    bind(NOTIFICATIONS_TOKENS.RecipientRules).to(ProfileRecipientRules).inSingletonScope();
  },
  commands: [GetRecipientProfileHandler, UpdateRecipientProfileHandler],
};
