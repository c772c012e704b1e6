import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsOptional, IsString, ValidateNested } from 'class-validator';
import { Command, type CommandHandler } from './command';
import { CommandBus } from './command-bus';
import { DEFAULT_MAX_ARRAY_ENTRIES, largestArrayLimit, MAX_PAYLOAD_DEPTH } from './payload-limits';
import { CommandValidationError, MAX_LISTED_PROBLEMS } from './validation.error';

/** Counts how many entries class-transformer built: the limits must be checked before. */
let built = 0;

class Entry {
  constructor() {
    built++;
  }
  @IsString() name!: string;
  @IsOptional() @IsString() note?: string;
}

class Import extends Command<number> {
  static readonly type = 'test.import';
  @IsArray() @ArrayMaxSize(50) @ValidateNested({ each: true }) @Type(() => Entry) entries!: Entry[];
  @IsOptional() @IsString() label?: string;
}

class Count implements CommandHandler<Import> {
  execute(command: Import): Promise<number> {
    return Promise.resolve(command.entries.length);
  }
}

function bus(): CommandBus {
  const b = new CommandBus();
  b.register(Import, () => new Count());
  return b;
}

async function rejection(run: Promise<unknown>): Promise<CommandValidationError> {
  const error: unknown = await run.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof CommandValidationError)) {
    throw new Error(`expected a CommandValidationError, got ${String(error)}`);
  }
  return error;
}

const entries = (n: number): { name: string }[] => Array.from({ length: n }, () => ({ name: 'x' }));

beforeEach(() => {
  // The limits are read from the metadata once per class (probing @Type builds one entry).
  largestArrayLimit(Import);
  built = 0;
});

describe('payload limits, checked before any per-entry work', () => {
  it('refuses an array over its @ArrayMaxSize naming the field, having built no entry', async () => {
    const error = await rejection(
      bus().dispatchPlain(Import.type, { entries: Array.from({ length: 200_000 }, () => ({})) }),
    );
    expect(error.fields).toEqual([
      { path: 'entries', message: 'entries holds 200000 entries; at most 50 are accepted' },
    ]);
    expect(built).toBe(0);
  });

  it('applies the same limit to a constructed command and to build()', async () => {
    const command = Object.assign(new Import(), { entries: entries(51) });
    built = 0;
    expect((await rejection(bus().dispatch(command))).fields[0]?.path).toBe('entries');
    expect((await rejection(bus().build(Import, { entries: entries(51) }))).fields).toHaveLength(1);
    expect(built).toBe(0);
    await expect(bus().dispatchPlain(Import.type, { entries: entries(50) })).resolves.toBe(50);
  });

  it(`caps an array the class does not declare at ${DEFAULT_MAX_ARRAY_ENTRIES} entries, anywhere`, async () => {
    const inField = await rejection(
      bus().dispatchPlain(Import.type, {
        entries: [{ name: 'a', note: Array.from({ length: 21_000 }, () => ({})) }],
      }),
    );
    expect(inField.fields.map((f) => f.path)).toEqual(['entries.0.note']);
    const unknown = await rejection(
      bus().dispatchPlain(Import.type, { entries: [], extra: new Array(101).fill(0) }),
    );
    expect(unknown.fields.map((f) => f.path)).toEqual(['extra']);
  });

  it(`refuses nesting deeper than ${MAX_PAYLOAD_DEPTH} levels`, async () => {
    let deep: unknown = 'bottom';
    for (let i = 0; i < 5000; i++) {
      deep = { a: deep };
    }
    const error = await rejection(bus().dispatchPlain(Import.type, { entries: [], label: deep }));
    expect(error.fields).toHaveLength(1);
    expect(error.fields[0]?.path).toMatch(/^label(\.a)+$/);
    expect(error.fields[0]?.message).toContain(`deeper than ${MAX_PAYLOAD_DEPTH} levels`);
  });

  it('lists at most 100 problems and counts the rest', async () => {
    const error = await rejection(
      bus().dispatchPlain(Import.type, {
        entries: Array.from({ length: 50 }, () => ({ name: 1, note: 2 })),
      }),
    );
    expect(error.fields).toHaveLength(MAX_LISTED_PROBLEMS);
    expect(error.omitted).toBe(0);
    const many = new CommandValidationError(
      'x',
      Array.from({ length: 150_000 }, (_, i) => ({ path: `p${i}`, message: 'bad' })),
    );
    expect(many.fields).toHaveLength(MAX_LISTED_PROBLEMS);
    expect(many.omitted).toBe(150_000 - MAX_LISTED_PROBLEMS);
    expect(many.message.length).toBeLessThan(200);
    expect(many.message).toMatch(/and 149995 more$/);
  });

  it('tells a raw-body scan the largest array any field allows', () => {
    expect(largestArrayLimit(Import)).toBe(DEFAULT_MAX_ARRAY_ENTRIES);
    class Big extends Command<void> {
      static readonly type = 'test.big';
      @IsArray()
      @ArrayMaxSize(10_000)
      @ValidateNested({ each: true })
      @Type(() => Import)
      imports!: Import[];
    }
    expect(largestArrayLimit(Big)).toBe(10_000);
  });
});
