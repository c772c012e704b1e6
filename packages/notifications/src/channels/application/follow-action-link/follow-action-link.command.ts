import { IsString, Length, Matches } from 'class-validator';
import { Command } from '@tickler/core';
import { ACTION_LINK_TOKEN_MAX } from '../action-links/action-link-token';

/** What following an action link did. */
export interface ActionLinkOutcome {
  readonly action: 'done' | 'snooze';
  readonly inboxId: string;
  /**
   * False when there was nothing to do: Done on an item already read is still `done`; Snooze
   * on an item already dealt with (read, or snoozed before) makes no second reminder.
   */
  readonly applied: boolean;
  /** Snooze: the new reminder's id and when it comes back. */
  readonly notificationId?: string;
  readonly scheduledAt?: string;
}

/**
 * Follows an action link from a phone notification (ntfy's Snooze 10 min / Done buttons): the
 * token is the credential and names one action on one person's inbox item. Public: whoever
 * holds the link may press the button, as whoever holds the phone may.
 */
export class FollowActionLink extends Command<ActionLinkOutcome> {
  static readonly type = 'notifications.action-links.follow';

  @IsString()
  @Length(1, ACTION_LINK_TOKEN_MAX)
  @Matches(/^[A-Za-z0-9_.-]+$/, { message: 'token must be an action link token' })
  token!: string;
}
