/** A file refused before or while it is read, with the reason a person can act on. */
export class IcsRejectedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IcsRejectedError';
  }
}

/** What the line scan bounds before any parser sees the text. */
export interface PrescanLimits {
  /** VEVENT components, counted as they are met. */
  readonly maxEvents: number;
  /** Component nesting (VCALENDAR > VEVENT > VALARM is 3). */
  readonly maxDepth: number;
}

/** The scan's result: a smaller calendar holding only what the import reads. */
export interface PrescannedCalendar {
  /** VCALENDAR text with only VTIMEZONE and VEVENT (and their VALARM) components. */
  readonly text: string;
  /** `X-WR-TIMEZONE` of the file (Google and Apple name the calendar's zone there), if any. */
  readonly fileTimeZone: string | null;
  readonly events: number;
}

/** The VEVENT properties the import reads; everything else (attachments, attendees, HTML) is dropped. */
const EVENT_PROPERTIES = new Set([
  'UID',
  'DTSTART',
  'DTEND',
  'DURATION',
  'SUMMARY',
  'DESCRIPTION',
  'LOCATION',
  'URL',
  'STATUS',
  'RRULE',
  'RDATE',
  'EXDATE',
  'RECURRENCE-ID',
  'SEQUENCE',
]);

/** Texts kept shorter than a reminder could show anyway (an Outlook description may be 100 KiB). */
const TRUNCATED: Readonly<Record<string, number>> = {
  SUMMARY: 1000,
  LOCATION: 1000,
  DESCRIPTION: 2000,
};

/** Longest kept line of any other property (an RDATE or EXDATE list, an RRULE). */
const MAX_LINE = 64 * 1024;

const ALARM_PROPERTIES = new Set(['ACTION', 'TRIGGER']);

function nameOf(line: string): string {
  const end = line.search(/[:;]/);
  return (end < 0 ? line : line.slice(0, end)).toUpperCase();
}

function truncated(line: string, name: string): string {
  const max = TRUNCATED[name];
  if (max === undefined) {
    if (line.length > MAX_LINE) {
      throw new IcsRejectedError(`a ${name} line is longer than ${MAX_LINE} characters`);
    }
    return line;
  }
  const colon = line.indexOf(':');
  if (colon < 0 || line.length - colon - 1 <= max) {
    return line;
  }
  // Cutting may leave half an escape (`\`): drop a trailing odd backslash.
  return line.slice(0, colon + 1 + max).replace(/(?<!\\)(\\\\)*\\$/, '$1');
}

/**
 * Reads the text line by line (unfolding continuation lines), checks its shape — starts with
 * BEGIN:VCALENDAR, every BEGIN closed by its END, nesting and event counts within the limits —
 * and keeps only the components and properties the import needs. Linear in the text and
 * allocation-light: the bounds hold before ical.js builds anything.
 */
export function prescanIcs(raw: string, limits: PrescanLimits): PrescannedCalendar {
  const text = raw.startsWith('\uFEFF') ? raw.slice(1) : raw;
  const lines = text.split(/\r?\n/);
  const kept: string[] = [];
  const stack: string[] = [];
  let fileTimeZone: string | null = null;
  let events = 0;
  // Depth of the first skipped component (its whole subtree is dropped); 0 = keeping.
  let skipping = 0;
  let logical: string | undefined;
  let lineNumber = 0;
  let logicalLine = 0;

  const take = (line: string, at: number): void => {
    if (lineNumber === 0 && line.trim() === '') {
      return;
    }
    const name = nameOf(line);
    if (stack.length === 0 && name !== 'BEGIN') {
      if (line.trim() === '') {
        return;
      }
      throw new IcsRejectedError(
        kept.length === 0
          ? 'not an iCalendar file: it does not start with BEGIN:VCALENDAR'
          : `line ${at}: text after END:VCALENDAR`,
      );
    }
    if (name === 'BEGIN') {
      const component = line.slice(6).trim().toUpperCase();
      if (stack.length === 0 && component !== 'VCALENDAR') {
        throw new IcsRejectedError('not an iCalendar file: it does not start with BEGIN:VCALENDAR');
      }
      stack.push(component);
      if (stack.length > limits.maxDepth) {
        throw new IcsRejectedError(
          `line ${at}: components nested deeper than ${limits.maxDepth} levels`,
        );
      }
      if (component === 'VEVENT' && skipping === 0) {
        events++;
        if (events > limits.maxEvents) {
          throw new IcsRejectedError(`more than ${limits.maxEvents} events in one calendar`);
        }
      }
      if (skipping === 0 && !keeps(stack)) {
        skipping = stack.length;
      }
      if (skipping === 0 && (stack.length > 1 || kept.length === 0)) {
        kept.push(`BEGIN:${component}`);
      }
      return;
    }
    if (name === 'END') {
      const component = line.slice(4).trim().toUpperCase();
      const open = stack.pop();
      if (open !== component) {
        throw new IcsRejectedError(
          `line ${at}: END:${component.slice(0, 40)} does not close BEGIN:${open ?? '(nothing)'}`,
        );
      }
      if (skipping === 0 && stack.length > 0) {
        kept.push(`END:${component}`);
      }
      if (skipping > stack.length) {
        skipping = 0;
      }
      return;
    }
    if (skipping !== 0) {
      return;
    }
    const inside = stack[stack.length - 1];
    if (inside === 'VCALENDAR') {
      if (name === 'X-WR-TIMEZONE') {
        fileTimeZone =
          line
            .slice(line.indexOf(':') + 1)
            .trim()
            .slice(0, 100) || null;
      }
      return;
    }
    if (inside === 'VEVENT' && EVENT_PROPERTIES.has(name)) {
      kept.push(truncated(line, name));
    } else if (inside === 'VALARM' && ALARM_PROPERTIES.has(name)) {
      kept.push(truncated(line, name));
    } else if (stack.includes('VTIMEZONE')) {
      kept.push(truncated(line, name));
    }
  };

  for (const line of lines) {
    lineNumber++;
    if ((line.startsWith(' ') || line.startsWith('\t')) && logical !== undefined) {
      logical += line.slice(1);
      if (logical.length > 4 * MAX_LINE) {
        throw new IcsRejectedError(
          `line ${logicalLine}: a folded line longer than ${4 * MAX_LINE} characters`,
        );
      }
      continue;
    }
    if (logical !== undefined) {
      take(logical, logicalLine);
    }
    logical = line;
    logicalLine = lineNumber;
  }
  if (logical !== undefined) {
    take(logical, logicalLine);
  }
  if (stack.length > 0) {
    throw new IcsRejectedError(`the file ends inside BEGIN:${stack[stack.length - 1] ?? ''}`);
  }
  if (kept.length === 0) {
    throw new IcsRejectedError('not an iCalendar file: it does not start with BEGIN:VCALENDAR');
  }
  kept.push('END:VCALENDAR');
  return { text: kept.join('\r\n'), fileTimeZone, events };
}

/** Whether the innermost component on the stack is one the import reads. */
function keeps(stack: readonly string[]): boolean {
  const [root, first, second, third] = stack;
  if (root !== 'VCALENDAR') {
    return false;
  }
  if (first === undefined) {
    return true;
  }
  if (first === 'VEVENT') {
    return second === undefined || (second === 'VALARM' && third === undefined);
  }
  if (first === 'VTIMEZONE') {
    return (
      second === undefined ||
      ((second === 'STANDARD' || second === 'DAYLIGHT') && third === undefined)
    );
  }
  return false;
}
