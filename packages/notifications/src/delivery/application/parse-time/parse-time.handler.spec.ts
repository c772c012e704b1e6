import { CommandValidationError, InvalidArgumentError, ManualClock } from '@tickler/core';
import { createNotificationsTestApp } from '../../../testing';
import { ParseTime } from './parse-time.command';
import { ParseTimeHandler } from './parse-time.handler';

const NOW = '2026-12-02T14:20:00.000Z'; // Wednesday, 15:20 in Berlin

const parse = (fields: Partial<ParseTime>) =>
  Object.assign(new ParseTime(), { when: 'tomorrow', timeZone: 'Europe/Berlin', ...fields });

describe('ParseTimeHandler', () => {
  it('reads the text against the clock’s now, in the given zone', async () => {
    const clock = new ManualClock(NOW);
    const handler = new ParseTimeHandler(clock);
    await expect(handler.execute(parse({ when: 'in 2 hours' }))).resolves.toMatchObject({
      instant: '2026-12-02T16:20:00.000Z',
      local: '2026-12-02T17:20:00',
      readAs: 'from-now',
    });
    await clock.advance(3_600_000);
    await expect(handler.execute(parse({ when: 'in 2 hours' }))).resolves.toMatchObject({
      instant: '2026-12-02T17:20:00.000Z',
    });
    await expect(handler.execute(parse({ defaultTime: '07:45' }))).resolves.toMatchObject({
      local: '2026-12-03T07:45:00',
      defaultTimeApplied: true,
    });
  });
});

describe('ParseTime through the context', () => {
  it('is registered, read-only, and refuses bad input naming the field', async () => {
    const { app } = await createNotificationsTestApp({ at: NOW, start: false });
    try {
      await expect(app.dispatch(parse({ when: 'next friday 17:00' }))).resolves.toMatchObject({
        instant: '2026-12-11T16:00:00.000Z',
        timeZone: 'Europe/Berlin',
      });
      const invalid = async (fields: Record<string, unknown>) => {
        const error: unknown = await app.bus
          .dispatchPlain(ParseTime.type, { when: 'tomorrow', timeZone: 'UTC', ...fields })
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(CommandValidationError);
        return (error as CommandValidationError).fields.map((f) => f.path);
      };
      expect(await invalid({ timeZone: '+01:00' })).toEqual(['timeZone']);
      expect(await invalid({ when: 'x'.repeat(201) })).toEqual(['when']);
      expect(await invalid({ defaultTime: '9' })).toEqual(['defaultTime']);
      const partly: unknown = await app
        .dispatch(parse({ when: 'tomorrow at noon blah' }))
        .catch((e: unknown) => e);
      expect(partly).toBeInstanceOf(InvalidArgumentError);
      expect((partly as InvalidArgumentError).field).toBe('when');
    } finally {
      await app.stop();
    }
  });
});
