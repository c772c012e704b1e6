import { parseConfig } from '@tickler/config';
import { daemonContexts, daemonMigrations } from '../daemon-contexts';
import { MigrateError } from './migrate.error';
import { parseMigrateRequest } from './migrate-request';
import { checkVersions, SchemaHistory } from './schema-versions';

const flag = (field: string) => `--${field}`;
const good = { from: '/data/tickler.db', to: 'postgres://u@127.0.0.1:5432/test' };

function refusal(input: Record<string, unknown>): MigrateError {
  try {
    parseMigrateRequest(input, flag);
  } catch (error) {
    return error as MigrateError;
  }
  throw new Error('accepted');
}

describe('parseMigrateRequest', () => {
  it('accepts a copy request and fills the batch size', () => {
    expect(parseMigrateRequest(good, flag)).toEqual({ ...good, batchSize: 500 });
    expect(parseMigrateRequest({ ...good, schema: 's1', batchSize: '7' }, flag)).toEqual({
      ...good,
      schema: 's1',
      batchSize: 7,
    });
  });

  it.each([
    [{ ...good, from: '' }, 'from'],
    [{ ...good, to: 'mysql://x' }, 'to'],
    [{ ...good, schema: 'Bad-Name' }, 'schema'],
    [{ ...good, batchSize: 0 }, 'batchSize'],
    [{ ...good, batchSize: '10001' }, 'batchSize'],
  ])('names the bad field of %j (exit status 2)', (input, field) => {
    const error = refusal(input);
    expect(error).toBeInstanceOf(MigrateError);
    expect(error).toMatchObject({ field, exitCode: 2 });
    expect(error.message.startsWith(`--${field} must`)).toBe(true);
  });
});

describe("the daemon's schema history", () => {
  const history = new SchemaHistory(
    daemonMigrations(
      daemonContexts(parseConfig({}, { HOME: '/tmp' }), { current: () => undefined }),
    ),
  );

  it('is every composed context, the kernel first, calendar included', () => {
    expect(history.contexts.map((c) => c.context)).toEqual([
      'shared',
      'notifications',
      'auth',
      'calendar',
    ]);
    expect(history.ledgers.has('calendar_migrations')).toBe(true);
  });

  it('refuses a source that lacks one of its migrations, naming both versions', () => {
    const known = [...history.known];
    const older = new Set(known.slice(0, -1));
    expect(() => checkVersions(older, new Set(), history.known)).toThrow(/source is older/);
    expect(() => checkVersions(new Set(known), new Set(), history.known)).not.toThrow();
  });
});
