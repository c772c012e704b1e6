import { IsIn, IsString, MaxLength } from 'class-validator';
import { SUBSCRIPTION_KINDS } from './channel-kinds';

/**
 * `escalate` on a send: `{"after": "1h", "channel": "email"}` — still unread `after` after it
 * fired, it is sent again by `channel`. The shape is checked here (so the HTTP body's schema
 * says it); the range of `after` by `parseEscalation` (1m to 7d).
 */
export class EscalateInput {
  @IsString() @MaxLength(32) after!: string;
  @IsIn(SUBSCRIPTION_KINDS) channel!: string;
}

/**
 * `fallback` on a send: `{"channel": "email"}` — when a send of it fails for good (retries
 * spent, or a permanent refusal such as a push subscription's 404/410), it is sent once by
 * `channel` instead. See docs/channels.md#fallback.
 */
export class FallbackInput {
  @IsIn(SUBSCRIPTION_KINDS) channel!: string;
}
