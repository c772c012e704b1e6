import { IsIn } from 'class-validator';
import { Command } from '@tickler/core';
import { SUBSCRIPTION_KINDS } from '../../../shared/application/channel-kinds';

/** A channel kind as the operator sees it: running, or paused since when. */
export interface ChannelStateView {
  readonly kind: string;
  readonly paused: boolean;
  /** When it was paused (ISO UTC); null while running. */
  readonly pausedAt: string | null;
}

/**
 * The admin pauses a channel kind: its sends wait (stay `pending`, unclaimed, not failed, not
 * dropped) until it is resumed, across restarts. Sends already claimed finish. Pausing a paused
 * kind changes nothing. The inbox is no such channel (it is written when a reminder fires).
 */
export class PauseChannel extends Command<ChannelStateView> {
  static readonly type = 'notifications.operator.channels.pause';

  /** `webhook`, `push`, `email` or `ntfy`. */
  @IsIn(SUBSCRIPTION_KINDS) kind!: string;
}

/** The admin resumes a paused channel kind: its waiting sends are due at once. */
export class ResumeChannel extends Command<ChannelStateView> {
  static readonly type = 'notifications.operator.channels.resume';

  /** `webhook`, `push`, `email` or `ntfy`. */
  @IsIn(SUBSCRIPTION_KINDS) kind!: string;
}

/** The admin's list of the channel kinds with their pause state. */
export class ListChannelStates extends Command<{ items: ChannelStateView[] }> {
  static readonly type = 'notifications.operator.channels.list';
}
