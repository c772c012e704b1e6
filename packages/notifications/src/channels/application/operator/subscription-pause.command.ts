import { Command } from '@tickler/core';
import { IsEntityId } from '../../../shared/application/recipient-id.validator';

/** A subscription as the operator sees it when pausing: whose, which kind, paused since when. */
export interface SubscriptionPauseView {
  readonly id: string;
  readonly recipientId: string;
  readonly kind: string;
  readonly paused: boolean;
  /** When the operator paused it (ISO UTC); null while running. */
  readonly pausedAt: string | null;
}

/**
 * The admin pauses one subscription: its sends wait (stay `pending`, unclaimed, not failed, not
 * dropped) until it is resumed, across restarts; new notifications still queue sends for it.
 * Sends already claimed finish. Pausing a paused one keeps its first instant. Not the pause a
 * subscription gets when its sends keep failing (that one fails its sends; its owner resumes).
 */
export class PauseSubscriptionSends extends Command<SubscriptionPauseView> {
  static readonly type = 'notifications.operator.subscriptions.pause';

  /** The subscription's id (`GET /v1/admin/sends` names it as `subscriptionId`). */
  @IsEntityId() id!: string;
}

/** The admin resumes a subscription it paused: its waiting sends are due at once. */
export class ResumeSubscriptionSends extends Command<SubscriptionPauseView> {
  static readonly type = 'notifications.operator.subscriptions.resume';

  /** The subscription's id. */
  @IsEntityId() id!: string;
}

/** The subscriptions the admin paused, oldest pause first. */
export class ListPausedSubscriptions extends Command<{ items: SubscriptionPauseView[] }> {
  static readonly type = 'notifications.operator.subscriptions.list';
}
