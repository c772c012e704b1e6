import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { Command } from '@tickler/core';

/** Ends a browser session on the server: its cookie no longer authenticates. */
export class EndSession extends Command<{ ended: boolean }> {
  static readonly type = 'auth.end-session';

  /** The session's secret (the cookie's value). */
  @IsString() @IsNotEmpty() @MaxLength(200) secret!: string;
}
