import { viewSchema } from './view-declaration';

interface Probe {
  id: string;
  note: string | null;
  extra?: number;
}

describe('viewSchema: a view schema checked against its TypeScript view', () => {
  it('lists every non-optional field as required and keeps the properties', () => {
    const schema = viewSchema<Probe>()(
      { id: { type: 'string' }, note: { type: ['string', 'null'] }, extra: { type: 'integer' } },
      ['id', 'note'],
    );
    expect(schema).toEqual({
      type: 'object',
      required: ['id', 'note'],
      properties: {
        id: { type: 'string' },
        note: { type: ['string', 'null'] },
        extra: { type: 'integer' },
      },
    });
  });

  it('does not compile when a field or a required entry is missing, or a field is unknown', () => {
    // These lines are checked by `nx run daemon:typecheck`: each directive fails the build if
    // its line compiles, i.e. if the schema could drift from the view.
    const declare = viewSchema<Probe>();
    // @ts-expect-error: `extra` has no schema.
    declare({ id: {}, note: {} }, ['id', 'note']);
    // @ts-expect-error: `note` is required by the view but not listed.
    declare({ id: {}, note: {}, extra: {} }, ['id']);
    // @ts-expect-error: `other` is no field of the view.
    declare({ id: {}, note: {}, extra: {}, other: {} }, ['id', 'note']);
    expect(typeof declare).toBe('function');
  });
});
