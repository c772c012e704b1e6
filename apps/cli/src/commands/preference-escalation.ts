import { type HttpView, type PreferencesView } from '@tickler/notifications';
import { CliError } from '../cli.error';
import { escalationFields } from './escalation-options';

/** The daemon's answer to `GET`/`PUT …/preferences`. */
export type PreferencesJson = HttpView<PreferencesView>;

/** A source's escalation as sent: set it, or `null` to clear it. */
export type EscalateBody = { after: string; channel: string } | null;

/** The channel a source's escalation is kept on: only an inbox item can stay unread. */
export const ESCALATION_CHANNEL = 'inbox';

/** How a switch's escalation reads in the table: as `tickler show` says a reminder's. */
export function escalationText(escalate: { after: string; channel: string } | null): string {
  return escalate === null ? '' : `after ${escalate.after} by ${escalate.channel}`;
}

/**
 * `--escalate <after>:<channel>` → the body's `escalate`; `--no-escalate` (commander's `false`)
 * → `null`, which clears it; neither → undefined (the stored one is kept). The form is checked
 * with `tickler remind`'s parser, so both commands refuse the same text the same way.
 */
export function escalateOf(flag: string | false | undefined): EscalateBody | undefined {
  if (flag === undefined) {
    return undefined;
  }
  if (flag === false) {
    return null;
  }
  return escalationFields({ escalate: flag }).escalate as EscalateBody;
}

/**
 * The inbox switch of `source` as it stands: the PUT needs `enabled` on every entry, and
 * setting an escalation must not flip the switch it rides on.
 */
export function inboxStateOf(p: PreferencesJson, source: string): boolean {
  return (
    p.preferences.find((s) => s.source === source && s.channel === ESCALATION_CHANNEL)?.enabled ??
    p.defaultEnabled
  );
}

/**
 * A daemon refusal of the escalation, with the flag in front (`--escalate 10s:email: invalid
 * input: preferences.0.escalate.after: must be from 1m to 7d`), so the person knows which of
 * their words to change; any other failure as it was.
 */
export function namingTheFlag(error: unknown, flag: string | false | undefined): unknown {
  if (error instanceof CliError && typeof flag === 'string' && /\.escalate\b/.test(error.message)) {
    return new CliError(`--escalate ${flag}: ${error.message}`, error.exitCode);
  }
  return error;
}
