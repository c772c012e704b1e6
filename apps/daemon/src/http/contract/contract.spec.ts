import 'reflect-metadata';
import { IsString, ValidateBy } from 'class-validator';
import { SendNotification } from '@tickler/notifications';
import { buildOpenApi } from '../openapi';
import { allRoutes } from '../routes/all-routes';
import { type RouteSpec } from '../route';
import { type EventStreamHub } from '../../events/event-stream.hub';
import { type DaemonMetrics } from '../../metrics/daemon-metrics';
import { BODY_SCHEMAS } from './body-schemas';
import { bodyOf, classSchema, REF_PREFIX } from './command-schemas';

type Props = Record<string, Record<string, unknown>>;

function refsIn(value: unknown): string[] {
  if (value === null || typeof value !== 'object') {
    return [];
  }
  return Object.entries(value).flatMap(([key, inner]) =>
    key === '$ref' && typeof inner === 'string' ? [inner] : refsIn(inner),
  );
}

const document = buildOpenApi(
  allRoutes({
    metrics: {} as DaemonMetrics,
    hub: {} as EventStreamHub,
    version: 'test',
  }),
  'test',
) as { components: { schemas: Record<string, unknown> }; paths: Record<string, unknown> };
const schemas = document.components.schemas;

describe('the input contract, derived from the command classes', () => {
  it('gives every body the command fields less the path ones, with the decorators’ limits', () => {
    const send = schemas.SendNotificationBody as { properties: Props; required: string[] };
    expect(send.properties.recipientId).toBeUndefined();
    expect(send.properties.title).toMatchObject({ type: 'string', maxLength: 200, minLength: 1 });
    expect(send.properties.scheduledAt).toMatchObject({ format: 'date-time' });
    expect(send.properties.channel).toMatchObject({
      enum: ['inbox', 'webhook', 'push', 'email', 'ntfy'],
    });
    expect(send.required).toEqual(['title', 'message']);
    const item = schemas.BatchItem as { properties: Props; required: string[] };
    expect(item.required).toContain('userId');
    expect(item.properties.userId).toMatchObject({ pattern: '^[A-Za-z0-9._:@-]+$' });
    const batch = schemas.SendNotificationsBody as { properties: Props };
    expect(batch.properties.items).toMatchObject({ maxItems: 10_000 });
    const planned = schemas.PlannedNotificationInput as { required: string[] };
    // Presence of the send-instant fields depends on their siblings: never listed as required.
    expect(planned.required).toEqual(['userId', 'sourceKey', 'title', 'message']);
  });

  it('follows a field added to a command without another edit', () => {
    class Probe extends SendNotification {
      @IsString() extraField!: string;
    }
    const body = bodyOf(Probe, { fromPath: ['recipientId'] }) as {
      properties: Props;
      required: string[];
    };
    expect(body.properties.extraField).toEqual({ type: 'string' });
    expect(body.required).toContain('extraField');
  });

  it("takes a route's body from the command it names, and refuses two bodies of one name", () => {
    const route = (operationId: string, fromPath: readonly string[]): RouteSpec => ({
      method: 'POST',
      path: `/${operationId}`,
      operationId,
      summary: operationId,
      access: 'admin',
      tag: 'test',
      requestBody: { name: 'ProbeBody', command: SendNotification, fromPath },
      responses: { 200: { description: 'ok' } },
    });
    const one = buildOpenApi([route('a', ['recipientId'])], 't') as typeof document;
    expect(one.components.schemas.ProbeBody).toEqual(schemas.SendNotificationBody);
    expect(() => buildOpenApi([route('a', []), route('b', [])], 't')).toThrow(
      /route b: another body is named ProbeBody/,
    );
  });

  it('refuses a custom validator it cannot document', () => {
    class Odd {
      @ValidateBy({ name: 'odd-rule', validator: { validate: () => true } }) field!: string;
    }
    expect(() => classSchema(Odd)).toThrow(/odd-rule/);
  });

  it('puts every body and view in components.schemas and every $ref resolves', () => {
    const names = Object.keys(document.components.schemas);
    expect(names).toEqual(expect.arrayContaining(Object.keys(BODY_SCHEMAS)));
    expect(names).toEqual(expect.arrayContaining(['Notification', 'InboxItem', 'Error']));
    const unresolved = refsIn(document)
      .map((target) => target.slice(REF_PREFIX.length))
      .filter((name) => !names.includes(name));
    expect(unresolved).toEqual([]);
  });
});
