import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsOptional, IsString, ValidateNested } from 'class-validator';
import fc from 'fast-check';
import { JsonLimitScanner, scanJsonLimits } from './json-scan';
import { MAX_PAYLOAD_DEPTH, MAX_PAYLOAD_VALUES, payloadLimitProblems } from './payload-limits';

class Source {
  @IsString() app!: string;
}

class Item {
  @IsString() title!: string;
  @IsOptional() @ValidateNested() @Type(() => Source) source?: Source;
}

class Batch {
  @IsArray() @ArrayMaxSize(1000) @ValidateNested({ each: true }) @Type(() => Item) items!: Item[];
}

describe('scanJsonLimits (the raw body, before JSON.parse)', () => {
  it('refuses 2.7 million empty entries naming items, reading only past the limit', () => {
    const text = `{"items":[${'{},'.repeat(2_700_000)}{}]}`;
    expect(scanJsonLimits(Batch, text)).toEqual({
      path: 'items',
      message: 'items holds more than 1000 entries; at most 1000 are accepted',
    });
  });

  it('names a nested array by its full path, with the limit its field declares', () => {
    const text = JSON.stringify({
      items: [{ title: 't' }, { title: 't', source: Array.from({ length: 21_000 }, () => ({})) }],
    });
    expect(scanJsonLimits(Batch, text)?.path).toBe('items.1.source');
    expect(scanJsonLimits(Batch, JSON.stringify({ items: new Array(1000).fill({}) }))).toBe(
      undefined,
    );
  });

  it('refuses deep nesting, and keys or strings holding brackets do not confuse it', () => {
    const deep = `{"items":[{"title":${'['.repeat(5000)}${']'.repeat(5000)}}]}`;
    expect(scanJsonLimits(Batch, deep)?.message).toContain(`deeper than ${MAX_PAYLOAD_DEPTH}`);
    const tricky = JSON.stringify({ items: [{ title: '[[[[,,,,\\"{{{', 'a"[': ',,,' }] });
    expect(scanJsonLimits(Batch, tricky)).toBeUndefined();
  });

  it(`refuses more than ${MAX_PAYLOAD_VALUES} values even when every array is within its limit`, () => {
    const list = `[${'1,'.repeat(98)}1]`;
    const item = `{"title":"t","source":{"app":"a"},"x":${list},"y":${list}}`;
    const text = `{"items":[${new Array(1000).fill(item).join(',')}]}`;
    expect(scanJsonLimits(Batch, text)?.message).toContain('JSON values');
  });

  it('agrees with the in-process check on generated payloads', () => {
    const value: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
      any: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.string({ maxLength: 3 }),
        fc.integer(),
        fc.array(tie('any'), { maxLength: 120 }),
        fc.dictionary(fc.constantFrom('items', 'title', 'source', 'app', 'x'), tie('any'), {
          maxKeys: 3,
        }),
      ),
    })).any;
    fc.assert(
      fc.property(value, (payload) => {
        const plain = payloadLimitProblems(Batch, payload).length > 0;
        const text = scanJsonLimits(Batch, JSON.stringify(payload)) !== undefined;
        return plain === text;
      }),
      { numRuns: 300 },
    );
  });

  it('finds the same problem however the bytes are split into chunks (keys and UTF-8 included)', () => {
    const text = JSON.stringify({
      items: [
        { title: 'é😀', source: { app: 'x' } },
        { title: 't', 'sóurce"[': 1, source: new Array(150).fill(1) },
      ],
    });
    const bytes = new TextEncoder().encode(text);
    const whole = scanJsonLimits(Batch, text);
    expect(whole?.path).toBe('items.1.source');
    for (const size of [1, 2, 3, 7]) {
      const scanner = new JsonLimitScanner(Batch);
      let found;
      for (let i = 0; i < bytes.length && found === undefined; i += size) {
        found = scanner.feed(bytes.subarray(i, i + size));
      }
      expect(found).toEqual(whole);
    }
  });
});
