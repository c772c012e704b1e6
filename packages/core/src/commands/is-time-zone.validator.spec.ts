import { Command } from './command';
import { CommandBus } from './command-bus';
import { IsTimeZone } from './is-time-zone.validator';
import { CommandValidationError } from './validation.error';

class SetZone extends Command<string> {
  static readonly type = 'test.set-zone';
  @IsTimeZone() timeZone!: string;
}

function setup(): CommandBus {
  const bus = new CommandBus();
  bus.register(SetZone, () => ({ execute: (c: SetZone) => Promise.resolve(c.timeZone) }));
  return bus;
}

describe('IsTimeZone', () => {
  it('lets IANA names through', async () => {
    await expect(
      setup().dispatchPlain('test.set-zone', { timeZone: 'Asia/Kathmandu' }),
    ).resolves.toBe('Asia/Kathmandu');
  });

  it.each([['+02:00'], ['Mars/Olympus_Mons'], [3], ['']])(
    'refuses %p naming the field',
    async (timeZone) => {
      const error: unknown = await setup()
        .dispatchPlain('test.set-zone', { timeZone })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CommandValidationError);
      const fields = (error as CommandValidationError).fields;
      expect(fields.map((f) => f.path)).toEqual(['timeZone']);
      expect(fields[0]?.message).toMatch(/IANA/);
    },
  );
});
