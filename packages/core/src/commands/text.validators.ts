import { ValidateBy, type ValidationOptions } from 'class-validator';

/**
 * Characters no stored text may hold: C0 controls (ESC included, so no ANSI escape), DEL and C1
 * controls, the bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069:
 * "Trojan Source" text that reads differently than it is), and UTF-16 halves without their pair.
 * Multi-line text may hold tab and newline.
 */
// Control characters are the point of these two patterns (no-control-regex guards against them by accident).
const FORBIDDEN_SINGLE_LINE =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const FORBIDDEN_MULTI_LINE =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** JSON Schema `pattern`s of the two rules, for documents (lone surrogates aside). */
export const PLAIN_TEXT_PATTERNS = {
  singleLine: '^[^\\u0000-\\u001f\\u007f-\\u009f\\u202a-\\u202e\\u2066-\\u2069]*$',
  multiLine: '^[^\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\u202a-\\u202e\\u2066-\\u2069]*$',
} as const;

/** True when `value` is text a person should see as written (see {@link FORBIDDEN_SINGLE_LINE}). */
export function isPlainText(value: unknown, multiline = false): boolean {
  return (
    typeof value === 'string' &&
    !(multiline ? FORBIDDEN_MULTI_LINE : FORBIDDEN_SINGLE_LINE).test(value)
  );
}

/** A single line of text without control, bidi-override or unpaired surrogate characters. */
export function IsPlainText(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isPlainText',
      validator: {
        validate: (value: unknown) => isPlainText(value),
        defaultMessage: (args) =>
          `${args?.property ?? 'value'} must be text without control characters, bidi overrides or unpaired surrogates`,
      },
    },
    options,
  );
}

/** Like {@link IsPlainText}, but tab and newline are allowed. */
export function IsMultilineText(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isMultilineText',
      validator: {
        validate: (value: unknown) => isPlainText(value, true),
        defaultMessage: (args) =>
          `${args?.property ?? 'value'} must be text without control characters (tab and newline allowed), bidi overrides or unpaired surrogates`,
      },
    },
    options,
  );
}

/** An absolute http(s) URL, or a path on the same origin starting with a single `/`. */
export function isLink(value: unknown): boolean {
  if (typeof value !== 'string' || !isPlainText(value) || /\s|\\/.test(value)) {
    return false;
  }
  if (value.startsWith('/')) {
    // `//host/x` is protocol-relative: another origin.
    return !value.startsWith('//');
  }
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** A link a client may open: http(s), or a same-origin path (never `javascript:`, `data:`…). */
export function IsLink(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isLink',
      validator: {
        validate: (value: unknown) => isLink(value),
        defaultMessage: (args) =>
          `${args?.property ?? 'value'} must be an http(s) URL or a path starting with /`,
      },
    },
    options,
  );
}
