import fc from 'fast-check';
import {
  badBooleanText,
  badId,
  badIntText,
  badOpaqueText,
  badUserId,
  encodeSegment,
  FUTURE,
  notInEnum,
  unknownKey,
} from './fuzz/bad-values';
import { brokenField } from './fuzz/broken-fields';
import { leadUnderflow } from './fuzz/hostile-values';
import {
  type ContractDocument,
  type ContractRoute,
  contractRoutes,
  type FieldSpec,
  type ObjectSpec,
} from './fuzz/contract-routes';

/** One generated request that carries at least one definite defect. */
export interface BadRequest {
  /** `METHOD /openapi/path` of the route it targets. */
  readonly route: string;
  readonly method: string;
  /** Concrete path with query string. */
  readonly path: string;
  /** JSON body (serialised by the client) or a raw text body. */
  readonly body?: unknown;
  readonly raw?: string;
  readonly contentType?: string;
  readonly headers?: Record<string, string>;
  /** What is wrong with it, for the report. */
  readonly defect: string;
  /** A stream route: read only the status. */
  readonly stream?: boolean;
}

/** Real rows the id routes point at, so an accepted request would visibly change something. */
export interface FuzzTargets {
  readonly user: string;
  readonly scheduledId: string;
  readonly inboxId: string;
  readonly subscriptionId: string;
}

/** A path with its placeholders filled: the user, and the id of the row the route is about. */
function concrete(template: string, t: FuzzTargets, user = t.user, id?: string): string {
  const rowId = template.includes('/inbox/')
    ? t.inboxId
    : template.includes('/subscriptions/')
      ? t.subscriptionId
      : t.scheduledId;
  return template
    .replace('{userId}', user)
    .replace(/\{\w+\}/, id ?? rowId)
    .replace(/\{\w+\}/g, rowId);
}

/** A body route's bad request: a broken field, an unknown field, a broken envelope, or a bad path. */
function bodyRouteRequest(
  route: ContractRoute,
  body: ObjectSpec,
  t: FuzzTargets,
): fc.Arbitrary<BadRequest> {
  const make = (defect: string, extra: Partial<BadRequest>): BadRequest => ({
    route: `${route.method} ${route.template}`,
    method: route.method,
    path: concrete(route.template, t),
    defect,
    ...extra,
  });
  const base = body.valid;
  const kinds: fc.Arbitrary<BadRequest>[] = [
    unknownKey(body.fields.map((f) => f.name)).chain((key) =>
      fc.jsonValue({ maxDepth: 1 }).map((value) =>
        make(`unknown field ${JSON.stringify(key)}`, {
          raw: JSON.stringify({ ...base, [key]: value ?? 1 }),
        }),
      ),
    ),
    fc
      .constantFrom(
        '{',
        '{"title":',
        "{'title':'t'}",
        'NaN',
        '[1,]',
        '{"a":1}}',
        '\u0000',
        'undefined',
      )
      .map((raw) => make('invalid JSON', { raw })),
    fc
      .constantFrom(
        'text/plain',
        'application/x-www-form-urlencoded',
        'application/xml',
        'multipart/form-data; boundary=x',
        'application/jsonx',
        'text/html; charset=utf-8',
      )
      .map((contentType) =>
        make(`wrong content type ${contentType}`, { raw: JSON.stringify(base), contentType }),
      ),
    fc
      .constantFrom('[]', '"text"', '42', 'true', ...(route.emptyIsValid ? [] : ['null']))
      .map((raw) => make(`body is ${raw}, not an object`, { raw })),
  ];
  if (route.template.includes('{userId}')) {
    kinds.push(
      badUserId.map((user) =>
        make('bad user id in the path', {
          path: concrete(route.template, t, encodeSegment(user)),
          raw: JSON.stringify(base),
        }),
      ),
    );
    if (!route.template.endsWith('/tokens')) {
      kinds.push(
        fc.constant(
          make('recipientId in the body', {
            raw: JSON.stringify({ ...base, recipientId: t.user }),
          }),
        ),
      );
    }
  }
  if (route.bodyLimit <= 64 * 1024) {
    kinds.push(
      fc.integer({ min: 1, max: 4096 }).map((extra) =>
        make('oversize body', {
          raw: JSON.stringify({ ...base, title: 'x'.repeat(route.bodyLimit + extra) }),
        }),
      ),
    );
  }
  for (const field of body.fields) {
    kinds.push(
      brokenField(field).map((broken) => {
        const broke: Record<string, unknown> = { ...base };
        if (field.name === 'when') {
          // Alone, so the text itself is what is refused (not the pair with scheduledAt).
          delete broke.scheduledAt;
        }
        if ('remove' in broken) {
          delete broke[field.name];
        } else {
          broke[field.name] = broken.value;
        }
        return make(broken.defect, { raw: JSON.stringify(broke) });
      }),
    );
  }
  const names = new Set(body.fields.map((f) => f.name));
  if (names.has('when') && names.has('scheduledAt')) {
    kinds.push(
      fc.constant(
        make('when and scheduledAt together', {
          raw: JSON.stringify({ ...base, scheduledAt: FUTURE, when: 'tomorrow 9am' }),
        }),
      ),
      fc.constant(
        make('timeZone without when', { raw: JSON.stringify({ ...base, timeZone: 'UTC' }) }),
      ),
    );
  }
  const underflow = leadUnderflow(body);
  if (underflow !== undefined) {
    kinds.push(
      underflow.map((value) =>
        make('a lead rule counting back before 1970', { raw: JSON.stringify(value) }),
      ),
    );
  }
  if (body.fields.some((f) => f.name === 'idempotencyKey')) {
    kinds.push(
      fc.constantFrom('', 'x'.repeat(201)).map((key) =>
        make('bad Idempotency-Key header', {
          raw: JSON.stringify(base),
          headers: { 'idempotency-key': key },
        }),
      ),
      fc.constant(
        make('idempotency key both as header and field', {
          raw: JSON.stringify({ ...base, idempotencyKey: 'a' }),
          headers: { 'idempotency-key': 'b' },
        }),
      ),
    );
  }
  return fc.oneof(...kinds);
}

/** Query text a parameter of this schema refuses. */
function badQueryText(field: FieldSpec): fc.Arbitrary<string> {
  switch (field.kind) {
    case 'int':
      return badIntText(field.schema.maximum);
    case 'bool':
      return badBooleanText;
    case 'enum':
      return notInEnum(field.schema.enum ?? []).map(String);
    default:
      return badOpaqueText(field.schema.maxLength);
  }
}

/** A bodiless route's bad request: bad query values, an unknown parameter, a bad user or id. */
function pathRouteRequest(route: ContractRoute, t: FuzzTargets): fc.Arbitrary<BadRequest> {
  const make = (path: string, defect: string): BadRequest => ({
    route: `${route.method} ${route.template}`,
    method: route.method,
    path,
    defect,
    stream: route.isStream,
  });
  const path = concrete(route.template, t);
  const kinds: fc.Arbitrary<BadRequest>[] = [];
  if (route.template.includes('{userId}')) {
    kinds.push(
      badUserId.map((user) =>
        make(concrete(route.template, t, encodeSegment(user)), 'bad user id in the path'),
      ),
    );
  }
  if (/\{(?!userId)\w+\}/.test(route.template)) {
    kinds.push(
      badId.map((id) =>
        make(concrete(route.template, t, t.user, encodeSegment(id)), 'unknown or malformed id'),
      ),
    );
  }
  if (route.query.length > 0) {
    const known = route.query.map((q) => q.name);
    kinds.push(
      unknownKey(known)
        .filter((k) => k !== '__proto__')
        .map((key) =>
          make(`${path}?${encodeSegment(key)}=1`, `unknown query parameter ${JSON.stringify(key)}`),
        ),
    );
    for (const field of route.query) {
      kinds.push(
        badQueryText(field).map((value) =>
          make(
            `${path}?${field.name}=${encodeSegment(value)}`,
            `${field.name}=${value.slice(0, 30)}`,
          ),
        ),
      );
    }
  }
  if (!route.template.includes('{')) {
    // /v1/session takes GET, POST and DELETE on one path: another of those there is a real route.
    const methods =
      route.template === '/v1/session' ? ['PUT', 'PATCH'] : ['POST', 'PUT', 'DELETE', 'PATCH'];
    kinds.push(
      fc.constantFrom(...methods).map((method) => ({
        ...make(route.template, `method ${method} on a ${route.method} route`),
        method,
        raw: '{}',
        stream: false,
      })),
      fc
        .stringMatching(/^[a-z0-9%'"-]{1,20}$/)
        .map((junk) => make(`${route.template}/${junk}`, 'unknown sub-path')),
    );
  }
  return fc.oneof(...kinds);
}

/** Every route of the daemon's OpenAPI document, each with its own ways of being called wrongly. */
export function badRequestArbitrary(
  document: ContractDocument,
  t: FuzzTargets,
): fc.Arbitrary<BadRequest> {
  return fc.oneof(
    ...contractRoutes(document).map((route) =>
      route.body !== undefined
        ? bodyRouteRequest(route, route.body, t)
        : pathRouteRequest(route, t),
    ),
  );
}
