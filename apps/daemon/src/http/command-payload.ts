import { CommandValidationError } from '@tickler/core';

/**
 * A command's plain payload from a request body plus the values the path decides (the
 * recipient, an id). The body may not carry those: silently overriding them would hide a
 * client bug, so they are rejected like any other bad field. Everything else is left to the
 * command's class-validator rules (which reject unknown fields).
 */
export function commandPayload(
  type: string,
  body: unknown,
  fromPath: Readonly<Record<string, string>>,
): unknown {
  if (body === undefined || body === null) {
    return { ...fromPath };
  }
  if (typeof body !== 'object' || Array.isArray(body)) {
    return body;
  }
  const clashes = Object.keys(fromPath).filter((key) => Object.hasOwn(body, key));
  if (clashes.length > 0) {
    throw new CommandValidationError(
      type,
      clashes.map((path) => ({
        path,
        message: `${path} comes from the URL path; leave it out of the body`,
      })),
    );
  }
  return { ...body, ...fromPath };
}

/**
 * Query-string values are text; a command's numeric fields (`limit`) want numbers. Digits-only
 * values of the named keys are converted; anything else is passed on for the command to reject.
 */
export function queryPayload(
  query: Readonly<Record<string, unknown>>,
  numeric: readonly string[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) {
    out[key] =
      numeric.includes(key) && typeof value === 'string' && /^\d{1,9}$/.test(value)
        ? Number(value)
        : value;
  }
  return out;
}
