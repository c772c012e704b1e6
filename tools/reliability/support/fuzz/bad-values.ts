import fc from 'fast-check';

/** A future instant every route accepts. */
export const FUTURE = '2099-01-01T00:00:00Z';

/** Times that must be refused: no offset, 24:00, leap second, year 10000, junk. */
const BAD_TIME_LITERALS = [
  '2026-09-10T08:30:00',
  '2026-09-10 08:30:00',
  '2026-09-10T24:00:00Z',
  '2026-09-10T24:00:00+02:00',
  '2026-12-31T23:59:60Z',
  '2016-12-31T23:59:60Z',
  '10000-01-01T00:00:00Z',
  '+010000-01-01T00:00:00Z',
  '2026-02-30T08:00:00Z',
  '2026-13-01T00:00:00Z',
  '2026-09-10T08:30:00+25:00',
  '2026-09-10T08:30Z',
  '2026-W37-4T08:30:00Z',
  '2026-09-10',
  'now',
  'tomorrow 9am',
  '',
  '٢٠٢٦-٠٩-١٠T٠٨:٣٠:٠٠Z',
  "2026-09-10T08:30:00Z' OR '1'='1",
  '2026-09-10T08:30:00Z\u0000',
];

/** Text that looks like SQL, for enums and ids. */
export const SQLISH = [
  "'; DROP TABLE notification_deliveries; --",
  "1' OR '1'='1",
  '" OR ""="',
  "admin'--",
  '1; DELETE FROM auth_user_tokens',
  'UNION SELECT token_hash FROM auth_user_tokens',
];

/** Keys that class-transformer's prototype handling could swallow, plus ordinary unknown ones. */
const SNEAKY_KEYS = [
  'constructor',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'isPrototypeOf',
  '__proto__',
  'prototype',
  'status',
  'sentAt',
  'inboxId',
  'attempts',
  'leaseToken',
];

const pad2 = (n: number): string => String(n).padStart(2, '0');

/** URL-encodes any generated text, lone surrogates included (encodeURIComponent throws on them). */
export function encodeSegment(text: string): string {
  return encodeURIComponent(
    text.replace(
      /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
      '\uFFFD',
    ),
  );
}

/** A generated time that is wrong by construction (no offset, hour 24, second 60, or year ≥ 10000). */
const generatedBadTime: fc.Arbitrary<string> = fc
  .record({
    y: fc.integer({ min: 0, max: 99_999 }),
    mo: fc.integer({ min: 1, max: 12 }),
    d: fc.integer({ min: 1, max: 28 }),
    h: fc.integer({ min: 0, max: 23 }),
    mi: fc.integer({ min: 0, max: 59 }),
    s: fc.integer({ min: 0, max: 59 }),
    flaw: fc.constantFrom('no-offset', 'hour-24', 'second-60', 'year-10000'),
  })
  .map(({ y, mo, d, h, mi, s, flaw }) => {
    const year =
      flaw === 'year-10000' ? String(10_000 + (y % 90_000)) : String(y % 10_000).padStart(4, '0');
    const hour = flaw === 'hour-24' ? '24' : pad2(h);
    const second = flaw === 'second-60' ? '60' : pad2(s);
    const offset = flaw === 'no-offset' ? '' : 'Z';
    return `${year}-${pad2(mo)}-${pad2(d)}T${hour}:${pad2(mi)}:${second}${offset}`;
  });

/** A value a time field must refuse. */
export const badTime: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...BAD_TIME_LITERALS),
  generatedBadTime,
  fc.integer(),
  fc.boolean(),
  fc.constant({}),
  fc.constant([FUTURE]),
);

/**
 * `when` text the server must refuse (400 naming `when`): partly understood, a bare number
 * (minutes? 5 pm?), a past or present time, an instant without an offset read as words,
 * gibberish, and a duration without a unit.
 */
export const badWhen: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    'tomorrow at noon blah',
    'next friday 17:00 or so',
    '5',
    '90',
    'yesterday 9am',
    'now',
    '1999-01-01T00:00:00Z',
    'soonish',
    'in a while',
    '',
    '   ',
  ),
  fc.string({ maxLength: 20 }).map((noise) => `tomorrow 9am ${noise}x`),
);

/** A value of the wrong type for a string field (never null/undefined: optional fields treat those as absent). */
export const notAString: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  // Finite only: JSON writes ±Infinity as null, which an optional field rightly accepts.
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ minLength: 1, maxLength: 5 }), fc.string({ maxLength: 5 }), {
    minKeys: 1,
    maxKeys: 2,
  }),
);

/** What a field holds, as far as breaking it goes. */
export type FieldKind = 'string' | 'time' | 'enum' | 'object' | 'array' | 'int' | 'bool';

const smallDictionary = fc.dictionary(
  fc.string({ minLength: 1, maxLength: 5 }),
  fc.string({ maxLength: 5 }),
  { minKeys: 1, maxKeys: 2 },
);

/**
 * A value of the wrong type for a field of `kind`. Each must be invalid for that kind: an
 * integer is a fine `int`, and `[]` a fine (empty) array — those are not "wrong types".
 */
export function wrongTypeFor(kind: FieldKind): fc.Arbitrary<unknown> {
  switch (kind) {
    case 'array':
      return fc.oneof(fc.integer(), fc.boolean(), fc.string({ maxLength: 5 }), smallDictionary);
    case 'int':
      return fc.oneof(
        fc.string({ maxLength: 5 }),
        fc.boolean(),
        fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => !Number.isInteger(n)),
        fc.array(fc.integer(), { maxLength: 3 }),
        fc.constant({}),
      );
    case 'bool':
      return fc.oneof(fc.string({ maxLength: 5 }), fc.integer(), fc.constant({}), fc.constant([]));
    case 'object':
      // Arrays (including []) and primitives: a nested object must be an object.
      return fc.oneof(
        fc.integer(),
        fc.boolean(),
        fc.string({ maxLength: 5 }),
        fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
      );
    default:
      return notAString;
  }
}

/** Text longer than `max` characters (code points: validators count an emoji as one), under the body limit. */
export const tooLong = (max: number): fc.Arbitrary<string> =>
  fc
    .tuple(
      fc.integer({ min: max + 1, max: max + 2000 }),
      fc.constantFrom('x', 'é', '😀', '\u0000', "'"),
    )
    .map(([n, ch]) => ch.repeat(n));

/** Text outside an enum: unicode, SQL-looking, near misses. */
export const notInEnum = (allowed: readonly unknown[]): fc.Arbitrary<unknown> =>
  fc
    .oneof(
      fc.constantFrom(...SQLISH, 'INBOX', 'Webhook', 'e-mail', 'inbox ', ' sent', 'ＳＥＮＴ'),
      fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }),
      fc.integer(),
    )
    .filter((v) => !allowed.includes(v));

/** An unknown field name (not one of `known`). */
export const unknownKey = (known: readonly string[]): fc.Arbitrary<string> =>
  fc
    .oneof(
      fc.constantFrom(...SNEAKY_KEYS),
      fc.string({ unit: 'binary', minLength: 1, maxLength: 20 }),
    )
    .filter((k) => !known.includes(k));

/** A user id the path rule refuses: a forbidden character, or too long. */
export const badUserId: fc.Arbitrary<string> = fc.oneof(
  fc
    .tuple(
      fc.stringMatching(/^[A-Za-z0-9]{0,10}$/),
      fc.constantFrom(
        ' ',
        "'",
        'é',
        '😀',
        ';',
        '"',
        '<',
        '>',
        '\\',
        '%',
        '*',
        '=',
        ',',
        '(',
        ')',
        '\u0000',
      ),
      fc.string({ maxLength: 10 }),
    )
    .map(([a, bad, b]) => `${a}${bad}${b}`),
  fc.constantFrom(...SQLISH),
  fc.integer({ min: 201, max: 400 }).map((n) => 'u'.repeat(n)),
);

/** An id that names nothing: SQL-looking, too long, or binary junk. */
export const badId: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...SQLISH),
  tooLong(200),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }),
);

/** A query value out of an integer's range or not an integer at all. */
export const badIntText = (maximum: number | undefined): fc.Arbitrary<string> =>
  fc.oneof(
    fc.constantFrom('0', '-1', '1.5', 'abc', '1e3', '', ' 5', '99999999999'),
    fc.integer({ min: (maximum ?? 1_000_000_000) + 1 }).map(String),
  );

/** An opaque query token (a cursor) that was never handed out. */
export const badOpaqueText = (maxLength: number | undefined): fc.Arbitrary<string> =>
  fc.oneof(
    fc.constantFrom('{"x":1}', 'not-a-cursor', "' OR 1=1 --", '😀'),
    tooLong(maxLength ?? 1000),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }),
  );

/** Text a boolean query parameter refuses. */
export const badBooleanText: fc.Arbitrary<string> = fc.constantFrom(
  'yes',
  '1',
  'TRUE',
  'maybe',
  '',
);
