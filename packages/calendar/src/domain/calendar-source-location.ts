import { InvalidArgumentError } from '@tickler/core/domain';

/** Where a calendar is read from: a local `.ics` file, or an https URL. */
export type CalendarSourceKind = 'file' | 'url';

/** A source as stored: its kind and its normalised text. */
export interface CalendarSourceLocation {
  readonly kind: CalendarSourceKind;
  /** An absolute path, or an `https:` URL (`webcal:` is read as `https:`). */
  readonly location: string;
}

/** Longest source text: a URL with a private calendar secret in it fits with room to spare. */
export const MAX_SOURCE_LENGTH = 2000;

/**
 * Classifies a source as a person gives it: `https://…` (or `webcal://…`, the subscription
 * scheme calendar apps hand out, which is https underneath) is a URL; an absolute path is a
 * file. `http:` is refused (a calendar's secret URL and its contents would travel in clear);
 * a relative path is refused (the daemon's working folder is nobody's business — the CLI
 * resolves it before sending).
 */
export function parseSourceLocation(text: string, field = 'source'): CalendarSourceLocation {
  const trimmed = text.trim();
  if (/^webcal:\/\//i.test(trimmed)) {
    return parseSourceLocation(`https://${trimmed.slice('webcal://'.length)}`, field);
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)) {
    let url: URL;
    try {
      url = new URL(trimmed);
    } catch {
      throw new InvalidArgumentError(field, 'is not a valid URL');
    }
    if (url.protocol !== 'https:') {
      throw new InvalidArgumentError(
        field,
        `must be an https URL or a file path (${url.protocol} is refused)`,
      );
    }
    url.hash = '';
    return { kind: 'url', location: url.toString() };
  }
  if (!trimmed.startsWith('/')) {
    throw new InvalidArgumentError(
      field,
      'must be an https URL or an absolute path to an .ics file',
    );
  }
  if (trimmed.split('/').some((segment) => segment === '..')) {
    throw new InvalidArgumentError(field, 'a path may not contain ".." segments');
  }
  return { kind: 'file', location: trimmed };
}
