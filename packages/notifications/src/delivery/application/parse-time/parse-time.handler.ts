import { type Clock, type CommandHandler, CORE_TOKENS, toIsoUtc } from '@tickler/core';
import { inject, injectable } from 'inversify';
import { type ResolvedWhen, resolveWhen } from '@tickler/time';
import { ParseTime } from './parse-time.command';

/** Answers {@link ParseTime} with the shared `when` rule; reads the clock, writes nothing. */
@injectable()
export class ParseTimeHandler implements CommandHandler<ParseTime> {
  static readonly handles = ParseTime;

  constructor(@inject(CORE_TOKENS.Clock) private readonly clock: Clock) {}

  execute(command: ParseTime): Promise<ResolvedWhen> {
    return Promise.resolve(
      resolveWhen(command.when, {
        timeZone: command.timeZone,
        now: toIsoUtc(this.clock.now()),
        defaultTime: command.defaultTime,
      }),
    );
  }
}
