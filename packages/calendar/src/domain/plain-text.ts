// Control characters are what these patterns remove (no-control-regex guards against them by accident).
/* eslint-disable no-control-regex */
const FORBIDDEN_SINGLE_LINE =
  /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const FORBIDDEN_MULTI_LINE =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/* eslint-enable no-control-regex */

/**
 * Text from a calendar file made fit for a reminder: characters the notifications context
 * refuses (controls, bidi overrides, unpaired surrogates — the kernel's `isPlainText` rule)
 * become spaces, runs of spaces one, and the result is cut to `max` characters without
 * splitting a surrogate pair. A file's text is the file owner's; the reminder must still be valid.
 */
export function plainTextOf(value: string, max: number, multiline = false): string {
  const cleaned = value
    .replace(multiline ? FORBIDDEN_MULTI_LINE : FORBIDDEN_SINGLE_LINE, ' ')
    .replace(/[ \t]+/g, ' ')
    .trim();
  if (cleaned.length <= max) {
    return cleaned;
  }
  const cut = cleaned.slice(0, max);
  return /[\ud800-\udbff]$/.test(cut) ? cut.slice(0, -1) : cut;
}
