import { isTimeZone } from '@tickler/core/domain';
import { type CommandContext } from '../command-context';

/**
 * Makes the person's profile zone this process's zone (issue 31: after `profile --tz`, `--at`
 * and `--every` still read the machine's zone). Setting `TZ` moves every reading and printing
 * of a local time at once — `Date`, `Intl`, the `--every` zone — so none can be missed. A
 * profile with no zone leaves the machine's. Returns the zone adopted, if any.
 */
export async function adoptProfileZone(
  ctx: Pick<CommandContext, 'client' | 'userPath'>,
): Promise<string | undefined> {
  const profile = await ctx.client.call<{ timeZone: string | null }>(
    'GET',
    `${ctx.userPath}/profile`,
  );
  if (profile.timeZone === null || !isTimeZone(profile.timeZone)) {
    return undefined;
  }
  process.env.TZ = profile.timeZone;
  return profile.timeZone;
}
