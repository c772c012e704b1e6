import { CliError } from '../cli.error';

/** `--escalate` and `--fallback` of `tickler remind`, as given. */
export interface EscalationOptions {
  escalate?: string;
  fallback?: string;
}

/**
 * The body fields of `--escalate <after>:<channel>` (`1h:email`: still unread an hour after it
 * fired, send it by email too) and `--fallback <channel>` (a send failed for good: send it by
 * that channel instead). The daemon checks the values (1m to 7d, a subscription kind) and names
 * the field it refuses; only the `<after>:<channel>` form is checked here.
 */
export function escalationFields(options: EscalationOptions): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  if (options.escalate !== undefined) {
    const match = /^([^:]+):([^:]+)$/.exec(options.escalate.trim());
    if (!match) {
      throw new CliError('--escalate takes <after>:<channel>, e.g. 1h:email', 2);
    }
    fields.escalate = { after: match[1]!.trim(), channel: match[2]!.trim() };
  }
  if (options.fallback !== undefined) {
    fields.fallback = { channel: options.fallback.trim() };
  }
  return fields;
}
