import { type LookupFunction } from 'node:net';
import { type CalendarSourceLocation } from '../../domain/calendar-source-location';

/** What reading a source gave: its text, or a reason a person can act on. */
export type SourceReadResult =
  { readonly ok: true; readonly text: string } | { readonly ok: false; readonly error: string };

/**
 * Reads a calendar's bytes from where it lives: a local file (a regular file, bounded in size)
 * or an https URL (the outbound address rule, a size limit, a time limit, redirects checked).
 */
export interface CalendarSourceReader {
  read(source: CalendarSourceLocation): Promise<SourceReadResult>;
}

/**
 * The outbound address rule of every outgoing request (the notifications context's, shared:
 * `TargetGuard`). Registration refuses a URL whose host is not public; connect time refuses a
 * name that resolves elsewhere later.
 */
export interface OutboundTargetRule {
  /** Refuses (an `InvalidArgumentError` naming `field`) userinfo, metadata hosts, private targets. */
  checkRegistration(url: URL, field: string): Promise<void>;
  /** Throws for an IP-literal host that is not public (Node skips `lookup` for literals). */
  checkLiteralHost(url: URL): void;
  /** The `lookup` sockets use; undefined when private targets are allowed. */
  readonly lookup: LookupFunction | undefined;
}
