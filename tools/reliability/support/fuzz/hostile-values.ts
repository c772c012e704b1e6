import fc from 'fast-check';
import { type FieldSpec, type ObjectSpec } from './contract-routes';

/** The first second of the epoch: a lead rule counting back from it lands before 1970. */
const EPOCH_PLUS_ONE = '1970-01-01T00:00:01Z';

/** Instants outside 1970–9999 that look well formed (Date.UTC reads years 0–99 as 19xx). */
export const outOfRangeTime: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '0070-06-01T00:00:00Z',
    '0000-01-01T00:00:00Z',
    '0099-12-31T23:59:59Z',
    '1969-12-31T23:59:59Z',
    '1970-01-01T00:30:00+01:00',
  ),
  fc.integer({ min: 0, max: 1969 }).map((y) => `${String(y).padStart(4, '0')}-06-15T12:00:00Z`),
);

/** Text a plain-text field must refuse: controls, ANSI escapes, bidi overrides, lone surrogates. */
export function hostileText(multiLine: boolean): fc.Arbitrary<string> {
  return fc.constantFrom(
    'nul \u0000 inside',
    '\u001b[31mred\u001b[0m',
    'bell \u0007',
    'invoice\u202Efdp.exe',
    'isolate \u2066x\u2069',
    'c1 \u0085 control',
    'lone \ud800 half',
    'lone \udc00 low half',
    ...(multiLine ? [] : ['a\nb', 'a\tb']),
  );
}

/** Links a client must never be handed: other schemes, other origins, whitespace tricks. */
export const hostileLink: fc.Arbitrary<string> = fc.constantFrom(
  'javascript:alert(1)',
  'JavaScript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  '//evil.example/x',
  '/\\evil.example',
  ' https://example.com',
  'https://exa mple.com',
);

/**
 * An array longer than the field may hold: one past its `maxItems` for an array field; for any
 * other field, past the 100 entries an undeclared array may have (up to 15,000, under 64 KiB).
 */
export function oversizedArray(field: FieldSpec): fc.Arbitrary<unknown[]> {
  const limit = field.kind === 'array' ? (field.schema.maxItems ?? 100) : 100;
  const max = field.kind === 'array' ? limit + 50 : 15_000;
  return fc.integer({ min: limit + 1, max }).map((n) => new Array<unknown>(n).fill({}));
}

/** A value nested deeper than the 32 levels a body may have (up to 3,000). */
export const deeplyNested: fc.Arbitrary<unknown> = fc
  .tuple(fc.integer({ min: 33, max: 3000 }), fc.boolean())
  .map(([depth, arrays]) => {
    let value: unknown = 'bottom';
    for (let i = 0; i < depth; i++) {
      value = arrays ? [value] : { a: value };
    }
    return value;
  });

/**
 * An object whose lead rule counts back from its instants to before 1970, when the object has
 * a rule field (its schema's examples are lead rules): every instant at 1970-01-01T00:00:01Z, no
 * explicit send instant, the rule an hour or more.
 */
export function leadUnderflow(spec: ObjectSpec): fc.Arbitrary<Record<string, unknown>> | undefined {
  const rule = spec.fields.find((f) =>
    (f.schema.examples ?? []).some((e) => typeof e === 'string' && e.startsWith('lead:')),
  );
  if (rule === undefined) {
    return undefined;
  }
  return fc.tuple(fc.integer({ min: 2, max: 999_999 }), fc.boolean()).map(([seconds, expiry]) => {
    const value: Record<string, unknown> = { ...spec.valid };
    delete value.scheduledAt;
    for (const field of spec.fields) {
      if (field.kind === 'time' && field.name !== 'scheduledAt') {
        value[field.name] = EPOCH_PLUS_ONE;
      }
    }
    value[rule.name] = `lead:${seconds}${expiry ? '@expiry' : ''}`;
    return value;
  });
}
