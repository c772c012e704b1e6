import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayUnique,
  IsArray,
  IsIn,
  IsObject,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import {
  Command,
  IsInstant,
  IsLink,
  IsMultilineText,
  IsPlainText,
  IsTimeZone,
} from '@tickler/core';
import { WHEN_MAX_LENGTH } from '@tickler/time';
import { CHANNEL_KINDS, MAX_CHANNELS } from '../../../shared/application/channel-kinds';
import { IsSendLeadRule } from '../lead-rule.validators';
import { RepeatInput } from '../../../shared/application/repeat.input';
import { EscalateInput, FallbackInput } from '../../../shared/application/escalate.input';
import { type NotificationView } from '../../../shared/application/notification.view';

/** Provenance of an app-scheduled delivery. */
export class NotificationSourceInput {
  @IsString() @IsNotEmpty() @MaxLength(100) @IsPlainText() app!: string;
  @IsString() @IsNotEmpty() @MaxLength(500) @IsPlainText() key!: string;
  @IsOptional() @IsString() @MaxLength(200) @IsPlainText() collection?: string;
  @IsOptional() @IsString() @MaxLength(200) @IsPlainText() id?: string;
}

/** The delivery, and whether this call created it (false: an idempotent replay). */
export interface SendNotificationResult {
  delivery: NotificationView;
  /** False when an earlier call with the same idempotency key already created it. */
  created: boolean;
}

/**
 * Sends a notification to one recipient now, or schedules it. A future `scheduledAt` persists
 * it as `scheduled` (no sent event); absent or not in the future takes the immediate path.
 */
export class SendNotification extends Command<SendNotificationResult> {
  static readonly type = 'notifications.send';

  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  @Matches(/^[A-Za-z0-9._:@-]+$/, {
    message: 'recipientId may contain only letters, digits and . _ : @ -',
  })
  recipientId!: string;

  @IsString() @IsNotEmpty() @MaxLength(200) @IsPlainText() title!: string;
  @IsString() @MaxLength(4000) @IsMultilineText() message!: string;
  @IsOptional() @IsString() @MaxLength(2000) @IsLink() url?: string;
  @IsOptional() @IsInstant() scheduledAt?: string;
  /**
   * Instead of `scheduledAt`: a time as a person says it ("tomorrow 9am", "in 2 hours", "next
   * friday 17:00"), read in `timeZone` by the CLI's rule; partly understood text is refused.
   */
  @IsOptional() @IsString() @MaxLength(WHEN_MAX_LENGTH) @IsPlainText() when?: string;
  /** IANA zone `when` is read in (only with `when`); default: the recipient profile's, else UTC. */
  @IsOptional() @IsString() @MaxLength(64) @IsTimeZone() timeZone?: string;
  /**
   * Makes it a recurring series (RRULE subset + IANA zone): `scheduledAt` (or, without it, the
   * first match from now) is occurrence 1, and one row is scheduled at a time. See docs/time.md.
   */
  @IsOptional()
  @IsObject({ message: 'repeat must be an object { rule, timeZone? }' })
  @ValidateNested()
  @Type(() => RepeatInput)
  repeat?: RepeatInput;
  /**
   * The channels to reach the recipient over (unique, at most 4). Omitted: the default set —
   * the inbox, every active push subscription and every subscription marked `default`.
   */
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_CHANNELS)
  @ArrayUnique()
  @IsIn(CHANNEL_KINDS, { each: true })
  channels?: string[];
  /** Alias kept for older clients: `channel: "webhook"` means `channels: ["webhook"]`. */
  @IsOptional() @IsIn(CHANNEL_KINDS) channel?: string;
  @IsOptional() @IsInstant() eventAt?: string;
  @IsOptional() @IsInstant() expiresAt?: string;
  /**
   * Instead of `scheduledAt`: derive the send instant from `eventAt` (`lead:3600`) or
   * `expiresAt` (`lead:0@expiry`), exact to the ms. Stored as `source.rule` when a source is given.
   */
  @IsOptional() @IsSendLeadRule() rule?: string;
  @IsOptional()
  // IsObject: ValidateNested alone lets an array through (it validates each element, and `[]`
  // has none), which would store a source with no app or key.
  @IsObject({ message: 'source must be an object { app, key, collection?, id? }' })
  @ValidateNested()
  @Type(() => NotificationSourceInput)
  source?: NotificationSourceInput;
  @IsOptional() @IsString() @IsNotEmpty() @MaxLength(200) @IsPlainText() idempotencyKey?: string;
  /** `high` rings through the recipient's quiet hours and is never held for a digest. Default `normal`. */
  @IsOptional() @IsIn(['normal', 'high']) priority?: 'normal' | 'high';
  /**
   * Still unread `after` (1m to 7d) after it fired: send it again by `channel` (a subscription
   * kind), once; cancelled when the person reads it first. See docs/channels.md#escalation.
   */
  @IsOptional()
  @IsObject({ message: 'escalate must be an object { "after": "1h", "channel": "email" }' })
  @ValidateNested()
  @Type(() => EscalateInput)
  escalate?: EscalateInput;
  /**
   * When a send of it fails for good (retries spent, or a permanent refusal): send it once by
   * `channel` (a subscription kind) instead. See docs/channels.md#fallback.
   */
  @IsOptional()
  @IsObject({ message: 'fallback must be an object { "channel": "email" }' })
  @ValidateNested()
  @Type(() => FallbackInput)
  fallback?: FallbackInput;
}
