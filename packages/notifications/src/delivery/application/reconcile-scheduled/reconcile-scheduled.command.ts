import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { Command, IsLink, IsMultilineText, IsPlainText } from '@tickler/core';
import { IsPlannedInstantField } from '../lead-rule.validators';
import { type ReconcileResult } from '../../../shared/application/notification.view';
import { IsRecipientId } from '../../../shared/application/recipient-id.validator';

/**
 * One notification a producer wants to exist, for one recipient. Its send instant is either
 * `scheduledAt`, or derived from `eventAt`/`expiresAt` by `rule` (`lead:<seconds>` before the
 * start, `lead:<seconds>@expiry` before the end). All instants are RFC 3339 with an offset.
 */
export interface PlannedNotification {
  /** The recipient. Fan-out is the producer's job: one entry per person (see `fanOut`). */
  recipientId: string;
  /** Stable key of the producer's source occurrence; never derived from the clock. */
  sourceKey: string;
  title: string;
  message: string;
  url?: string;
  scheduledAt?: string;
  /** Start of the event; a delivery meant for before it is never sent after it. */
  eventAt?: string;
  /** End of the event's window; required by `@expiry` rules. */
  expiresAt?: string;
  /** `lead:3600`, `lead:0@expiry`; with `recipientId` and `sourceKey`, the row's identity. */
  rule?: string;
  sourceCollection?: string;
  sourceId?: string;
}

/** Validated shape of a {@link PlannedNotification} (the bus builds it from plain data). */
export class PlannedNotificationInput implements PlannedNotification {
  @IsRecipientId() recipientId!: string;
  @IsString() @IsNotEmpty() @MaxLength(500) @IsPlainText() sourceKey!: string;
  @IsString() @IsNotEmpty() @MaxLength(200) @IsPlainText() title!: string;
  @IsString() @MaxLength(4000) @IsMultilineText() message!: string;
  @IsOptional() @IsString() @MaxLength(2000) @IsLink() url?: string;
  @IsPlannedInstantField('scheduledAt') scheduledAt?: string;
  @IsPlannedInstantField('eventAt') eventAt?: string;
  @IsPlannedInstantField('expiresAt') expiresAt?: string;
  @IsPlannedInstantField('rule') rule?: string;
  @IsOptional() @IsString() @MaxLength(200) @IsPlainText() sourceCollection?: string;
  @IsOptional() @IsString() @MaxLength(200) @IsPlainText() sourceId?: string;
}

/** Entries per reconcile plan: bounds one transaction's size and a request's memory. */
export const MAX_PLAN_ENTRIES = 10_000;

/** Days a settled row is kept after its send instant when the caller does not say. */
export const DEFAULT_PRUNE_AFTER_DAYS = 30;

/**
 * Makes the deliveries of producer app `sourceApp` match `planned`, keyed by (recipient, source
 * key, rule), in one transaction: creates missing ones, patches drifted ones still
 * `scheduled`, leaves settled ones alone (a canceled row is never resurrected), withdraws
 * future scheduled rows missing from the plan (canceled, reason `withdrawn`), and deletes
 * settled rows whose send instant is more than `pruneAfterDays` old. Entries whose send
 * instant is not in the future are skipped (counted `unchanged`).
 */
export class ReconcileScheduled extends Command<ReconcileResult> {
  static readonly type = 'notifications.reconcile';

  @IsString() @IsNotEmpty() @MaxLength(100) @IsPlainText() sourceApp!: string;

  @IsArray()
  @ArrayMaxSize(MAX_PLAN_ENTRIES)
  @ValidateNested({ each: true })
  @Type(() => PlannedNotificationInput)
  planned!: PlannedNotificationInput[];

  /** Whole days (default 30). */
  @IsOptional() @IsInt() @Min(0) @Max(36_500) pruneAfterDays?: number;
}
