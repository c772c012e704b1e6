import fc from 'fast-check';
import { InvalidArgumentError } from './domain-error';
import { isIsoUtc, msOf, parseInstant, toIsoUtc } from './instant';

const MAX_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

function rejection(text: unknown, field = 'remindAt'): InvalidArgumentError {
  try {
    parseInstant(text, field);
  } catch (error) {
    if (error instanceof InvalidArgumentError) {
      return error;
    }
    throw error;
  }
  throw new Error(`accepted ${String(text)}`);
}

describe('toIsoUtc', () => {
  it('writes exactly YYYY-MM-DDTHH:MM:SS.sssZ, zero-padded', () => {
    expect(toIsoUtc(Date.UTC(2026, 8, 10, 8, 30))).toBe('2026-09-10T08:30:00.000Z');
    expect(toIsoUtc(new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 6)))).toBe('2026-01-02T03:04:05.006Z');
    expect(toIsoUtc(0)).toBe('1970-01-01T00:00:00.000Z');
    expect(toIsoUtc(MAX_MS)).toBe('9999-12-31T23:59:59.999Z');
  });

  it('writes each instant of a sequence, repeats and alternations included (the last one is remembered)', () => {
    const a = Date.UTC(2026, 11, 6, 5, 0, 0, 1);
    const b = a + 1;
    expect([a, a, b, a, b, b].map((ms) => toIsoUtc(ms))).toEqual([
      '2026-12-06T05:00:00.001Z',
      '2026-12-06T05:00:00.001Z',
      '2026-12-06T05:00:00.002Z',
      '2026-12-06T05:00:00.001Z',
      '2026-12-06T05:00:00.002Z',
      '2026-12-06T05:00:00.002Z',
    ]);
    expect(toIsoUtc(new Date(b))).toBe('2026-12-06T05:00:00.002Z');
    expect(() => toIsoUtc(Number.NaN)).toThrow(RangeError);
    expect(toIsoUtc(b)).toBe('2026-12-06T05:00:00.002Z');
  });

  it('refuses instants whose text would break ordering (before 1970, after 9999, NaN)', () => {
    expect(() => toIsoUtc(-1)).toThrow(RangeError);
    expect(() => toIsoUtc(MAX_MS + 1)).toThrow(RangeError);
    expect(() => toIsoUtc(Number.NaN)).toThrow(RangeError);
    expect(() => toIsoUtc(new Date('nonsense'))).toThrow(RangeError);
  });

  it('text order equals time order for any storable instant', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: MAX_MS }),
        fc.integer({ min: 0, max: MAX_MS }),
        (a, b) => {
          const [ta, tb] = [toIsoUtc(a), toIsoUtc(b)];
          expect(isIsoUtc(ta)).toBe(true);
          expect(ta < tb).toBe(a < b);
          expect(ta === tb).toBe(a === b);
          expect(msOf(ta)).toBe(a);
        },
      ),
    );
  });
});

describe('isIsoUtc', () => {
  it('accepts only the stored form', () => {
    expect(isIsoUtc('2026-09-10T08:30:00.000Z')).toBe(true);
    for (const text of [
      '2026-09-10T08:30:00Z',
      '2026-09-10T08:30:00.000+00:00',
      '2026-09-10 08:30:00.000Z',
      '2026-02-30T00:00:00.000Z',
      '2026-09-10T08:30:00.000z',
      '',
    ]) {
      expect(isIsoUtc(text)).toBe(false);
    }
  });
});

describe('parseInstant', () => {
  it.each([
    ['2026-09-10T08:30:00Z', '2026-09-10T08:30:00.000Z'],
    ['2026-09-10T10:30:00+02:00', '2026-09-10T08:30:00.000Z'],
    ['2026-09-10T03:00:00-05:30', '2026-09-10T08:30:00.000Z'],
    ['2026-09-10T08:30:00.5Z', '2026-09-10T08:30:00.500Z'],
    ['2026-09-10T08:30:00.12Z', '2026-09-10T08:30:00.120Z'],
    ['2026-09-10T08:30:00.123Z', '2026-09-10T08:30:00.123Z'],
    ['2026-09-10T08:30:00.123456789Z', '2026-09-10T08:30:00.123Z'],
    ['2026-09-10T08:30:00.999999999+00:00', '2026-09-10T08:30:00.999Z'],
    ['2026-09-10t08:30:00z', '2026-09-10T08:30:00.000Z'],
    ['2026-01-01T00:30:00+01:00', '2025-12-31T23:30:00.000Z'],
    ['2028-02-29T12:00:00Z', '2028-02-29T12:00:00.000Z'],
    ['9999-12-31T23:59:59.999Z', '9999-12-31T23:59:59.999Z'],
    ['1970-01-01T00:00:00.000Z', '1970-01-01T00:00:00.000Z'],
    ['2028-02-29T23:59:59.999Z', '2028-02-29T23:59:59.999Z'],
  ])('accepts %s and normalises it to %s', (input, stored) => {
    expect(parseInstant(input)).toBe(stored);
    expect(isIsoUtc(parseInstant(input))).toBe(true);
  });

  it.each([
    ['no offset', '2026-09-10T08:30:00'],
    ['24:00', '2026-09-10T24:00:00Z'],
    ['a leap second', '2016-12-31T23:59:60Z'],
    ['30 February', '2026-02-30T08:30:00Z'],
    ['29 February of a common year', '2026-02-29T08:30:00Z'],
    ['month 13', '2026-13-01T08:30:00Z'],
    ['year 10000', '10000-01-01T00:00:00Z'],
    ['an offset pushing past 9999', '9999-12-31T23:30:00-01:00'],
    ['before 1970', '1969-12-31T23:59:59Z'],
    // Date.UTC reads years 0–99 as 1900–1999: year 0070 must not become 1970.
    ['year 0070', '0070-06-01T00:00:00Z'],
    ['year 0000', '0000-01-01T00:00:00Z'],
    ['year 0099 with an offset', '0099-12-31T23:00:00-02:00'],
    ['an empty string', ''],
    ['a date only', '2026-09-10'],
    ['an offset without a colon', '2026-09-10T08:30:00+0200'],
    ['an offset hour of 24', '2026-09-10T08:30:00+24:00'],
    ['ten fraction digits', '2026-09-10T08:30:00.1234567890Z'],
    ['surrounding spaces', ' 2026-09-10T08:30:00Z'],
    // In the stored form's shape, so they meet its shortcut first:
    ['24:00 in the stored form', '2026-09-10T24:00:00.000Z'],
    ['a leap second in the stored form', '2016-12-31T23:59:60.000Z'],
    ['30 February in the stored form', '2026-02-30T08:30:00.000Z'],
    ['month 13 in the stored form', '2026-13-01T08:30:00.000Z'],
    ['before 1970 in the stored form', '1969-12-31T23:59:59.999Z'],
    ['the stored form with a trailing newline', '2026-09-10T08:30:00.000Z\n'],
  ])('rejects %s with an InvalidArgumentError naming the field', (_what, input) => {
    const error = rejection(input);
    expect(error.field).toBe('remindAt');
    expect(error.code).toBe('INVALID_ARGUMENT');
    expect(error.message).toMatch(/^remindAt: /);
  });

  it.each([[42], [null], [undefined], [new Date(0)], [{}]])(
    'rejects the non-string %p',
    (value) => {
      expect(rejection(value, 'at').field).toBe('at');
    },
  );

  it('accepts text in the stored layout exactly when Date reads it back to the same instant in range', () => {
    const two = (max: number) => fc.integer({ min: 0, max }).map((n) => String(n).padStart(2, '0'));
    fc.assert(
      fc.property(
        fc.integer({ min: 1900, max: 9999 }),
        two(13),
        two(32),
        two(24),
        two(60),
        two(60),
        fc.integer({ min: 0, max: 999 }),
        (year, month, day, hour, minute, second, millis) => {
          const text = `${year}-${month}-${day}T${hour}:${minute}:${second}.${String(millis).padStart(3, '0')}Z`;
          const ms = Date.parse(text);
          const storable = Number.isFinite(ms) && ms >= 0 && new Date(ms).toISOString() === text;
          if (storable) {
            expect(parseInstant(text)).toBe(text);
          } else {
            expect(() => parseInstant(text)).toThrow(InvalidArgumentError);
          }
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('round-trips every stored instant and every offset of it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(1971, 0, 1), max: Date.UTC(9998, 0, 1) }),
        fc.integer({ min: -23 * 60 - 59, max: 23 * 60 + 59 }),
        (ms, offsetMinutes) => {
          const stored = toIsoUtc(ms);
          expect(parseInstant(stored)).toBe(stored);
          const local = new Date(ms + offsetMinutes * 60_000).toISOString().slice(0, 23);
          const sign = offsetMinutes < 0 ? '-' : '+';
          const abs = Math.abs(offsetMinutes);
          const offset = `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
          expect(parseInstant(`${local}${offset}`)).toBe(stored);
        },
      ),
    );
  });
});
