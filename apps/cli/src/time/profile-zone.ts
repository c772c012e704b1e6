import { isTimeZone } from '@tickler/core/domain';
import { type DailyWindow } from '@tickler/time';
import { type CommandContext } from '../command-context';

/** What the CLI reads of the person's profile: the zone and what may hold a reminder. */
export interface ProfileRules {
  timeZone: string | null;
  quietHours: DailyWindow | null;
  inboxOnTime: boolean;
}

/**
 * Makes the person's profile zone this process's zone (issue 31: after `profile --tz`, `--at`
 * and `--every` still read the machine's zone). Setting `TZ` moves every reading and printing
 * of a local time at once — `Date`, `Intl`, the `--every` zone — so none can be missed. A
 * profile with no zone leaves the machine's. Returns the profile read.
 */
export async function adoptProfileZone(
  ctx: Pick<CommandContext, 'client' | 'userPath'>,
): Promise<ProfileRules> {
  const profile = await ctx.client.call<ProfileRules>('GET', `${ctx.userPath}/profile`);
  if (profile.timeZone !== null && isTimeZone(profile.timeZone)) {
    process.env.TZ = profile.timeZone;
  }
  return profile;
}
