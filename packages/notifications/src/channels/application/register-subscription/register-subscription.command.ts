import { Type } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  MaxLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { Command } from '@tickler/core';
import { GUARANTEES, type Guarantee } from '../../../shared/domain/channel-send.state';
import {
  DEFAULT_SUBSCRIPTION_KIND,
  SUBSCRIPTION_KINDS,
} from '../../../shared/application/channel-kinds';
import { type NewSubscriptionView } from '../../../shared/application/notification.view';
import { IsRecipientId } from '../../../shared/application/recipient-id.validator';
import { PushSubscriptionInput } from './push-subscription.input';

/**
 * Registers a target for one external channel and returns it, with its secret when the kind has
 * one (shown this once). Registering the same target again (webhook: the recipient's one
 * endpoint) updates it in place: a webhook gets a new signing secret while the old one keeps
 * signing for the overlap (`webhookSecretOverlap`, 24 h), and a paused subscription is resumed.
 */
export class RegisterSubscription extends Command<NewSubscriptionView> {
  static readonly type = 'notifications.subscriptions.register';

  @IsRecipientId() recipientId!: string;

  /** The channel kind; omitted means `webhook` (today's body keeps working). */
  @IsOptional() @IsIn(SUBSCRIPTION_KINDS) kind?: string;

  /** Webhook: the endpoint (http or https; no user:password@). */
  @ValidateIf((o: RegisterSubscription) => (o.kind ?? DEFAULT_SUBSCRIPTION_KIND) === 'webhook')
  @MaxLength(2000)
  @IsUrl(
    { protocols: ['http', 'https'], require_protocol: true, require_tld: false },
    { message: 'url must be an http(s) URL' },
  )
  url?: string;

  /** Push: the browser's PushSubscription (`subscription.toJSON()`); the push adapter checks the rest. */
  @ValidateIf((o: RegisterSubscription) => o.kind === 'push')
  @ValidateNested()
  @Type(() => PushSubscriptionInput)
  subscription?: PushSubscriptionInput;

  /** Email: the address (no display name); the email adapter checks the rest. */
  @ValidateIf((o: RegisterSubscription) => o.kind === 'email')
  @IsString()
  @MaxLength(254)
  address?: string;

  /** ntfy: the server's base URL (http or https); omitted means https://ntfy.sh. */
  @ValidateIf((o: RegisterSubscription) => o.kind === 'ntfy' && o.server !== undefined)
  @MaxLength(2000)
  @IsUrl(
    { protocols: ['http', 'https'], require_protocol: true, require_tld: false },
    { message: 'server must be an http(s) URL' },
  )
  server?: string;

  /** ntfy: the topic, as ntfy allows it (1–64 of A-Z, a-z, 0-9, _ and -). */
  @ValidateIf((o: RegisterSubscription) => o.kind === 'ntfy')
  @IsString()
  @Matches(/^[-_A-Za-z0-9]{1,64}$/, { message: 'topic must be 1 to 64 of A-Z, a-z, 0-9, _ and -' })
  topic?: string;

  /** ntfy: an access token for a protected topic (sent as a Bearer token; never shown again). */
  @ValidateIf((o: RegisterSubscription) => o.kind === 'ntfy' && o.token !== undefined)
  @IsString()
  @Matches(/^[\x21-\x7e]{1,256}$/, {
    message: 'token must be 1 to 256 printable ASCII characters, no spaces',
  })
  token?: string;

  /**
   * What an uncertain outcome does: send again or fail. Default: the channel's — `at-most-once`
   * for push, email and ntfy (they reach a person), `at-least-once` for webhooks (seed 004).
   */
  @IsOptional() @IsIn(GUARANTEES) guarantee?: Guarantee;

  /** Part of the default set: used when a notification names no channels. Default false. */
  @IsOptional() @IsBoolean() default?: boolean;
}
