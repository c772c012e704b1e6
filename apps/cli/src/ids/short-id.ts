/**
 * Short ids a person can type. Tickler's ids are UUIDv7: their first 12 hex digits are the
 * creation time, so ids made the same day share their first 8+ characters and a prefix tells
 * nothing apart. The last 6 hex digits are random: that is the short form printed.
 */

/** How many hex digits the printed short form has. */
export const SHORT_ID_LENGTH = 6;

/** The hex digits of an id, lower case, without dashes. */
function hexOf(id: string): string {
  return id.replace(/-/g, '').toLowerCase();
}

/** The short form printed in tables and one-line results: the last 6 hex digits. */
export function shortId(id: string): string {
  return hexOf(id).slice(-SHORT_ID_LENGTH);
}

/** A full UUID (any version), with its dashes. */
export function isFullId(text: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(text);
}

/** Whether `text` is what a person types for an id: 4–12 hex digits. */
export function isShortIdText(text: string): boolean {
  return /^[0-9a-f]{4,12}$/i.test(text);
}

/**
 * The ids `text` names, git-style: those whose hex digits end with it (the random part the
 * short form shows) or begin with it. Each id appears once, in the order given.
 */
export function idsMatching(text: string, ids: readonly string[]): string[] {
  const wanted = text.toLowerCase();
  return ids.filter((id) => {
    const hex = hexOf(id);
    return hex.endsWith(wanted) || hex.startsWith(wanted);
  });
}
