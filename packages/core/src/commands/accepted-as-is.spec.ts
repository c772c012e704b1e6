import { plainToInstance, Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  validate,
  ValidateBy,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { acceptedAsIs } from './accepted-as-is';
import { Command } from './command';
import { IsInstant } from './is-instant.validator';

class Source {
  @IsString() @MaxLength(5) app!: string;
  @IsOptional() @IsString() id?: string;
}

class Entry {
  @IsString() @Matches(/^[a-z]+$/) name!: string;
  @IsOptional() @IsInstant() at?: string;
  @IsOptional() @IsIn(['a', 'b']) kind?: 'a' | 'b';
  @ValidateIf((o: Entry) => o.kind === 'b') @IsInt() count?: number;
  @IsOptional() @ValidateNested() @Type(() => Source) source?: Source;
  @IsOptional() @IsString({ each: true }) tags?: string[];
}

class Batch extends Command<void> {
  static readonly type = 'test.batch';
  @IsString() label!: string;
  @IsArray() @ArrayMaxSize(3) @ValidateNested({ each: true }) @Type(() => Entry) entries!: Entry[];
}

class Converted extends Command<void> {
  static readonly type = 'test.converted';
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString()
  name!: string;
}

class AsyncChecked extends Command<void> {
  static readonly type = 'test.async';
  @ValidateBy({ name: 'later', validator: { validate: () => Promise.resolve(true) } })
  name!: string;
}

const entry = {
  name: 'ada',
  at: '2026-09-10T08:30:00Z',
  kind: 'a',
  source: { app: 'home', id: 'x' },
};

/**
 * Variants of a `Batch`: valid ones must be accepted, invalid ones refused, and the ones marked
 * `left` are not decided here (class-validator alone would let them through; the bus's plain path
 * or the command's own `IsObject` refuses them).
 */
const candidates: [string, Record<string, unknown>][] = [
  ['valid', { label: 'l', entries: [entry, { name: 'bob' }] }],
  ['valid, empty', { label: 'l', entries: [] }],
  ['valid, conditional field', { label: 'l', entries: [{ name: 'ada', kind: 'b', count: 2 }] }],
  ['conditional field wrong', { label: 'l', entries: [{ name: 'ada', kind: 'b', count: 'x' }] }],
  ['missing label', { entries: [] }],
  ['label not a string', { label: 3, entries: [] }],
  ['entries not an array', { label: 'l', entries: entry }],
  ['too many entries', { label: 'l', entries: [entry, entry, entry, entry] }],
  ['entry not an object', { label: 'l', entries: ['ada'] }],
  ['entry null', { label: 'l', entries: [null] }],
  ['bad pattern', { label: 'l', entries: [{ name: 'Ada' }] }],
  ['bad instant', { label: 'l', entries: [{ name: 'ada', at: '2026-09-10 08:30' }] }],
  ['bad enum', { label: 'l', entries: [{ name: 'ada', kind: 'c' }] }],
  ['unknown entry field', { label: 'l', entries: [{ name: 'ada', colour: 'red' }] }],
  ['unknown top field', { label: 'l', entries: [], colour: 'red' }],
  [
    'left: prototype-named key (the bus refuses it)',
    { label: 'l', entries: [JSON.parse('{"name":"ada","constructor":1}') as object] },
  ],
  ['nested too long', { label: 'l', entries: [{ name: 'ada', source: { app: 'toolong' } }] }],
  [
    'nested unknown field',
    { label: 'l', entries: [{ name: 'ada', source: { app: 'a', key: 1 } }] },
  ],
  [
    'valid for class-validator too: an empty array in a nested object field (commands add IsObject)',
    { label: 'l', entries: [{ name: 'ada', source: [] }] },
  ],
  ['each element wrong', { label: 'l', entries: [{ name: 'ada', tags: ['a', 2] }] }],
  ['a Date in a string field', { label: new Date(0), entries: [] }],
  ['left: a Set of entries', { label: 'l', entries: new Set([entry]) }],
];

function constructed<C extends object>(
  commandClass: new () => C,
  fields: Record<string, unknown>,
): C {
  return Object.assign(new commandClass(), fields);
}

describe('acceptedAsIs', () => {
  it.each(candidates)(
    '%s: accepted only when class-transformer + class-validator accept it',
    async (name, fields) => {
      const errors = await validate(plainToInstance(Batch, fields), {
        whitelist: true,
        forbidNonWhitelisted: true,
        forbidUnknownValues: false,
      });
      const accepted = acceptedAsIs(Batch, constructed(Batch, fields));
      if (name.startsWith('valid')) {
        expect(errors).toEqual([]);
        expect(accepted).toBe(true);
      } else if (name.startsWith('left')) {
        // Not decided here: the bus asks class-transformer and class-validator.
        expect(accepted).toBe(false);
      } else {
        expect(errors).not.toEqual([]);
        expect(accepted).toBe(false);
      }
    },
  );

  it('also accepts what class-transformer built from the same data', () => {
    const [, fields] = candidates[0] ?? ['', {}];
    expect(acceptedAsIs(Batch, plainToInstance(Batch, fields))).toBe(true);
  });

  it('leaves to class-validator what it cannot decide: a converted field, an async constraint, another class', () => {
    expect(acceptedAsIs(Converted, constructed(Converted, { name: ' ada ' }))).toBe(false);
    expect(acceptedAsIs(AsyncChecked, constructed(AsyncChecked, { name: 'ada' }))).toBe(false);
    expect(acceptedAsIs(Batch, { label: 'l', entries: [] })).toBe(false);
  });
});
