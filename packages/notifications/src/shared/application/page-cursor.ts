import { InvalidArgumentError } from '@tickler/core';

/**
 * Opaque page cursors: base64url JSON of the last item's sort key. Opaque so clients never
 * build them; validated on the way back in so a tampered cursor is a 400, not a 500.
 */
export function encodeCursor(parts: readonly string[]): string {
  return Buffer.from(JSON.stringify(parts)).toString('base64url');
}

/** The sort key a cursor from {@link encodeCursor} holds; anything else is an `InvalidArgumentError` on `cursor`. */
export function decodeCursor(cursor: string, arity: number): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length !== arity ||
    !parsed.every((p) => typeof p === 'string')
  ) {
    throw new InvalidArgumentError('cursor', 'is not a cursor returned by this list');
  }
  return parsed;
}
