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
