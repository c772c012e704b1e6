/**
 * The first line a daemon writes on stdout, once it answers HTTP: what a desktop shell (or any
 * parent) waits for before it talks to its sidecar. One JSON object, `tickler: "ready"` first,
 * so a parent can tell it from anything else by its first key alone. docs/sidecar.md.
 */
export interface Readiness {
  readonly tickler: 'ready';
  /** Base URL with the real port, e.g. `http://127.0.0.1:49213`. */
  readonly url: string;
  /** The port the daemon listens on (the one the system picked when `TICKLER_PORT=0`). */
  readonly port: number;
  /**
   * Absolute path of the admin bearer token file (mode 0600), or null when the parent gave
   * the token itself in `TICKLER_ADMIN_TOKEN`. The token is never printed.
   */
  readonly tokenFile: string | null;
  readonly pid: number;
  readonly version: string;
  /**
   * Other daemons holding their instance lock on the same database right now. They share it
   * safely (each reminder goes out once); a desktop app that wants one daemon per database can
   * stop this one when it is not 0. docs/sidecar.md, ADR 0005.
   */
  readonly peers: number;
}

/** The readiness line, newline included. */
export function readinessLine(fields: Omit<Readiness, 'tickler'>): string {
  const line: Readiness = { tickler: 'ready', ...fields };
  return `${JSON.stringify(line)}\n`;
}

/** Parses a line as a readiness line, or undefined when it is not one. */
export function parseReadiness(line: string): Readiness | undefined {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return undefined;
  }
  const candidate = value as Partial<Readiness> | null;
  return candidate !== null &&
    typeof candidate === 'object' &&
    candidate.tickler === 'ready' &&
    typeof candidate.url === 'string' &&
    typeof candidate.port === 'number'
    ? (candidate as Readiness)
    : undefined;
}
