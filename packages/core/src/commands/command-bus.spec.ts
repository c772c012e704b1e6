import { Exclude, Transform, Type } from 'class-transformer';
import { IsArray, IsInt, IsOptional, IsString, Min, ValidateNested } from 'class-validator';
import { Command, type CommandHandler } from './command';
import { CommandBus, UnknownCommandError } from './command-bus';
import { IsDuration, IsInstant } from './is-instant.validator';
import { CommandValidationError } from './validation.error';

class Window {
  @IsString() label!: string;
  @IsInstant() at!: string;
}

class Owner {
  @IsString() name!: string;
}

class PlanReminders extends Command<number> {
  static readonly type = 'test.plan-reminders';
  @ValidateNested() @Type(() => Owner) owner!: Owner;
  @IsArray() @ValidateNested({ each: true }) @Type(() => Window) planned!: Window[];
  @IsInt() @Min(1) count!: number;
  @IsDuration() every!: string;
}

class Tick extends Command<void> {
  static readonly type = 'test.tick';
}

class Unrouted extends Command<void> {
  static readonly type = 'test.unrouted';
}

class Recorder implements CommandHandler<PlanReminders> {
  readonly calls: PlanReminders[] = [];
  execute(command: PlanReminders): Promise<number> {
    this.calls.push(command);
    return Promise.resolve(command.planned.length);
  }
}

const valid = {
  owner: { name: 'ada' },
  planned: [
    { label: 'a', at: '2026-09-10T08:30:00Z' },
    { label: 'b', at: '2026-09-10T10:30:00+02:00' },
  ],
  count: 2,
  every: '1h',
};

function setup(): { bus: CommandBus; handler: Recorder } {
  const bus = new CommandBus();
  const handler = new Recorder();
  bus.register(PlanReminders, () => handler);
  return { bus, handler };
}

async function problems(run: Promise<unknown>): Promise<CommandValidationError> {
  const error = await run.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CommandValidationError);
  return error as CommandValidationError;
}

describe('CommandBus', () => {
  it('validates, routes by static type and returns the declared result', async () => {
    const { bus, handler } = setup();
    const command = await bus.build(PlanReminders, valid);
    expect(await bus.dispatch(command)).toBe(2);
    expect(await bus.dispatchPlain('test.plan-reminders', valid)).toBe(2);
    expect(handler.calls).toHaveLength(2);
    expect(handler.calls[1]).toBeInstanceOf(PlanReminders);
    expect(handler.calls[1]?.planned[0]).toBeInstanceOf(Window);
  });

  it('lists every bad field with its full path, nested and in arrays', async () => {
    const { bus, handler } = setup();
    const planned = [
      ...valid.planned,
      { label: 'c', at: '2026-09-10T08:30:00Z' },
      { label: 7, at: '2026-09-10T08:30:00' },
    ];
    const error = await problems(
      bus.dispatchPlain('test.plan-reminders', {
        ...valid,
        owner: { name: 3 },
        planned,
        count: 0,
        every: 'soon',
      }),
    );
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.commandType).toBe('test.plan-reminders');
    expect(error.fields.map((f) => f.path).sort()).toEqual([
      'count',
      'every',
      'owner.name',
      'planned.3.at',
      'planned.3.label',
    ]);
    expect(error.fields.every((f) => f.message.length > 0)).toBe(true);
    expect(handler.calls).toEqual([]);
  });

  it.each([[5], ['5'], ['90']])(
    'refuses a duration field without a unit (%p), naming the field',
    async (every) => {
      const { bus, handler } = setup();
      const error = await problems(bus.dispatchPlain('test.plan-reminders', { ...valid, every }));
      expect(error.fields.map((f) => f.path)).toEqual(['every']);
      expect(error.fields[0]?.message).toMatch(/with a unit/);
      expect(handler.calls).toEqual([]);
    },
  );

  it('rejects unknown properties, at the top and nested, instead of dropping them', async () => {
    const { bus, handler } = setup();
    const error = await problems(
      bus.dispatchPlain('test.plan-reminders', {
        ...valid,
        extra: 1,
        owner: { name: 'ada', role: 'admin' },
      }),
    );
    expect(error.fields.map((f) => f.path).sort()).toEqual(['extra', 'owner.role']);
    expect(handler.calls).toEqual([]);
  });

  it('does not call the handler for an invalid constructed command', async () => {
    const { bus, handler } = setup();
    const command = Object.assign(new PlanReminders(), { ...valid, count: 'two' });
    const error = await problems(bus.dispatch(command));
    expect(new Set(error.fields.map((f) => f.path))).toEqual(new Set(['count']));
    expect(handler.calls).toEqual([]);
  });

  it('validates a constructed command with nested plain objects like the same JSON', async () => {
    const { bus, handler } = setup();
    expect(await bus.dispatch(Object.assign(new PlanReminders(), valid))).toBe(2);
    const error = await problems(
      bus.dispatch(Object.assign(new PlanReminders(), { ...valid, owner: { name: 1 } })),
    );
    expect(error.fields.map((f) => f.path)).toEqual(['owner.name']);
    expect(handler.calls).toHaveLength(1);
  });

  it('validates a constructed command with only primitive fields as it is, with the same rules', async () => {
    class Remind extends Command<string> {
      static readonly type = 'test.remind';
      @IsString() title!: string;
      @IsInt() @Min(1) count!: number;
    }
    const bus = new CommandBus();
    const seen: Remind[] = [];
    bus.register(Remind, () => ({
      execute: (c: Remind) => Promise.resolve(void seen.push(c)).then(() => c.title),
    }));
    expect(await bus.dispatch(Object.assign(new Remind(), { title: 'tea', count: 2 }))).toBe('tea');
    expect(seen[0]).toBeInstanceOf(Remind);
    const invalid = await problems(
      bus.dispatch(Object.assign(new Remind(), { title: 3, count: 0 })),
    );
    expect(invalid.fields.map((f) => f.path).sort()).toEqual(['count', 'title']);
    const unknown = await problems(
      bus.dispatch(Object.assign(new Remind(), { title: 'tea', count: 2, extra: true })),
    );
    expect(unknown.fields.map((f) => f.path)).toEqual(['extra']);
    for (const key of ['constructor', 'toString', 'hasOwnProperty']) {
      const named = await problems(
        bus.dispatch(Object.assign(new Remind(), { title: 'tea', count: 2, [key]: 'x' })),
      );
      expect(named.fields.map((f) => f.path)).toEqual([key]);
    }
    expect(seen).toHaveLength(1);
  });

  it('still applies class-transformer decorators of primitive fields to a constructed command', async () => {
    class Normalised extends Command<void> {
      static readonly type = 'test.normalised';
      @IsString()
      @Transform(({ value }: { value: unknown }) =>
        typeof value === 'string' ? value.trim() : value,
      )
      name!: string;
      @IsInt() @Type(() => Number) count!: number;
      @Exclude() @IsOptional() @IsString() hidden?: string;
    }
    const bus = new CommandBus();
    const seen: Normalised[] = [];
    bus.register(Normalised, () => ({
      execute: (c: Normalised) => Promise.resolve(void seen.push(c)),
    }));
    await bus.dispatch(Object.assign(new Normalised(), { name: '  ada ', count: '3' }));
    expect(seen[0]).toMatchObject({ name: 'ada', count: 3 });
    await bus.dispatch(Object.assign(new Normalised(), { name: 'ada', count: 3, hidden: 'x' }));
    expect(seen[1]?.hidden).toBeUndefined();
  });

  it('runs a command without fields and still rejects data it does not declare', async () => {
    const bus = new CommandBus();
    let ticks = 0;
    bus.register(Tick, () => ({ execute: () => Promise.resolve(void ticks++) }));
    await bus.dispatch(new Tick());
    await bus.dispatchPlain('test.tick', {});
    expect(ticks).toBe(2);
    const error = await problems(bus.dispatchPlain('test.tick', { extra: true }));
    expect(error.fields.map((f) => f.path)).toEqual(['extra']);
  });

  it('rejects a nested object whose class is unknown to the validator (no @Type)', async () => {
    class Loose extends Command<void> {
      static readonly type = 'test.loose';
      @ValidateNested() inner!: object;
    }
    const bus = new CommandBus();
    bus.register(Loose, () => ({ execute: () => Promise.resolve() }));
    const error = await problems(bus.dispatchPlain('test.loose', { inner: { anything: 1 } }));
    expect(error.fields.map((f) => f.path)).toEqual(['inner.anything']);
  });

  it('rejects payloads that are not JSON objects', async () => {
    const { bus } = setup();
    for (const payload of [null, 'text', 42, [valid]]) {
      await problems(bus.dispatchPlain('test.plan-reminders', payload));
    }
  });

  it('throws UnknownCommandError for a type without a handler', async () => {
    const { bus } = setup();
    await expect(bus.dispatchPlain('test.nope', {})).rejects.toBeInstanceOf(UnknownCommandError);
    await expect(bus.dispatch(new Unrouted())).rejects.toMatchObject({
      commandType: 'test.unrouted',
    });
  });

  it('refuses a second handler for the same type', () => {
    const { bus } = setup();
    expect(() => bus.register(PlanReminders, () => new Recorder())).toThrow(
      /already has a handler/,
    );
  });
});
