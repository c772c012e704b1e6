import { type DaemonConfig } from '@tickler/config';

/** Copy-paste commands that schedule a first reminder against a running daemon. */
export interface FirstReminderHint {
  readonly cli: string;
  readonly curl: string;
}

/** Shell-quotes one word for POSIX shells. */
function quote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * The CLI line, and a curl line that reads the admin token from its file (never printing it).
 * Both use user `me`, the CLI's default user.
 */
export function firstReminderHint(url: string, config: DaemonConfig): FirstReminderHint {
  const cli = 'npx tickler remind "stretch your legs" --in 2m';
  const token = config.adminTokenFile
    ? `$(cat ${quote(config.adminTokenFile)})`
    : '$TICKLER_ADMIN_TOKEN';
  // The instant is computed with node (installed wherever the daemon runs) rather than
  // `date -d`, which differs between GNU and BSD.
  const inTwoMinutes = `$(node -p 'new Date(Date.now() + 120000).toISOString()')`;
  const curl =
    `curl -s -X POST ${url}/v1/users/me/notifications -H "Authorization: Bearer ${token}" ` +
    `-H 'Content-Type: application/json' ` +
    `-d '{"title":"stretch your legs","message":"","scheduledAt":"'${inTwoMinutes}'"}'`;
  return { cli, curl };
}

/** The lines printed for a person once the daemon listens: where, and the two commands. */
export function firstReminderText(url: string, config: DaemonConfig): string {
  const hint = firstReminderHint(url, config);
  return `\nTickler is listening on ${url}\nSchedule your first reminder:\n  ${hint.cli}\nor\n  ${hint.curl}\n\n`;
}
