import { IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import { Command } from '@tickler/core';
import { type CalendarFeedView } from '../calendar.view';
import { IsRecipientId } from '../calendar-fields.validators';

/** Makes (or replaces) a person's private iCalendar feed: a new token, the old one stops working. */
export class CreateCalendarFeed extends Command<CalendarFeedView> {
  static readonly type = 'calendar.create-feed';

  @IsRecipientId() recipientId!: string;
}

/** Revokes a person's feed: its URL answers 404 from now on. `revoked` is false when there was none. */
export class RevokeCalendarFeed extends Command<{ revoked: boolean }> {
  static readonly type = 'calendar.revoke-feed';

  @IsRecipientId() recipientId!: string;
}

/** The feed behind a token: the person's scheduled reminders as iCalendar text. */
export class RenderCalendarFeed extends Command<{ ics: string }> {
  static readonly type = 'calendar.render-feed';

  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  @Matches(/^[A-Za-z0-9_-]+$/, { message: 'token is not a feed token' })
  token!: string;
}
