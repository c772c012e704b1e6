import fc from 'fast-check';

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

const FUTURE = '2099-01-01T00:00:00Z';

/** Times that must be refused: no offset, 24:00, leap second, year 10000, junk. */
const BAD_TIME_LITERALS = [
  '2026-09-10T08:30:00',
  '2026-09-10 08:30:00',
  '2026-09-10T24:00:00Z',
  '2026-09-10T24:00:00+02:00',
  '2026-12-31T23:59:60Z',
  '2016-12-31T23:59:60Z',
  '10000-01-01T00:00:00Z',
  '+010000-01-01T00:00:00Z',
  '2026-02-30T08:00:00Z',
  '2026-13-01T00:00:00Z',
  '2026-09-10T08:30:00+25:00',
  '2026-09-10T08:30Z',
  '2026-W37-4T08:30:00Z',
  '2026-09-10',
  'now',
  'tomorrow 9am',
  '',
  '٢٠٢٦-٠٩-١٠T٠٨:٣٠:٠٠Z',
  "2026-09-10T08:30:00Z' OR '1'='1",
  '2026-09-10T08:30:00Z\u0000',
];

const SQLISH = [
  "'; DROP TABLE notification_deliveries; --",
  "1' OR '1'='1",
  '" OR ""="',
  "admin'--",
  '1; DELETE FROM auth_user_tokens',
  'UNION SELECT token_hash FROM auth_user_tokens',
];

/** Keys that class-transformer's prototype handling could swallow, plus ordinary unknown ones. */
const SNEAKY_KEYS = [
  'constructor',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'isPrototypeOf',
  '__proto__',
  'prototype',
  'status',
  'sentAt',
  'inboxId',
  'attempts',
  'leaseToken',
];

const pad2 = (n: number): string => String(n).padStart(2, '0');

/** URL-encodes any generated text, lone surrogates included (encodeURIComponent throws on them). */
export function encodeSegment(text: string): string {
  return encodeURIComponent(
    text.replace(
      /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
      '\uFFFD',
    ),
  );
}

/** A generated time that is wrong by construction (no offset, hour 24, second 60, or year ≥ 10000). */
const generatedBadTime: fc.Arbitrary<string> = fc
  .record({
    y: fc.integer({ min: 0, max: 99_999 }),
    mo: fc.integer({ min: 1, max: 12 }),
    d: fc.integer({ min: 1, max: 28 }),
    h: fc.integer({ min: 0, max: 23 }),
    mi: fc.integer({ min: 0, max: 59 }),
    s: fc.integer({ min: 0, max: 59 }),
    flaw: fc.constantFrom('no-offset', 'hour-24', 'second-60', 'year-10000'),
  })
  .map(({ y, mo, d, h, mi, s, flaw }) => {
    const year =
      flaw === 'year-10000' ? String(10_000 + (y % 90_000)) : String(y % 10_000).padStart(4, '0');
    const hour = flaw === 'hour-24' ? '24' : pad2(h);
    const second = flaw === 'second-60' ? '60' : pad2(s);
    const offset = flaw === 'no-offset' ? '' : 'Z';
    return `${year}-${pad2(mo)}-${pad2(d)}T${hour}:${pad2(mi)}:${second}${offset}`;
  });

export const badTime: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...BAD_TIME_LITERALS),
  generatedBadTime,
  fc.integer(),
  fc.boolean(),
  fc.constant({}),
  fc.constant([FUTURE]),
);

/** A value of the wrong type for a string field (never null/undefined: optional fields treat those as absent). */
export const notAString: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  // Finite only: JSON writes ±Infinity as null, which an optional field rightly accepts.
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ minLength: 1, maxLength: 5 }), fc.string({ maxLength: 5 }), {
    minKeys: 1,
    maxKeys: 2,
  }),
);

/**
 * A value of the wrong type for a field of `kind`. Each must be invalid for that kind: an
 * integer is a fine `int`, and `[]` a fine (empty) array — those are not "wrong types".
 */
function wrongTypeFor(kind: FieldSpec['kind']): fc.Arbitrary<unknown> {
  switch (kind) {
    case 'array':
      return fc.oneof(
        fc.integer(),
        fc.boolean(),
        fc.string({ maxLength: 5 }),
        fc.dictionary(fc.string({ minLength: 1, maxLength: 5 }), fc.string({ maxLength: 5 }), {
          minKeys: 1,
          maxKeys: 2,
        }),
      );
    case 'int':
      return fc.oneof(
        fc.string({ maxLength: 5 }),
        fc.boolean(),
        fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => !Number.isInteger(n)),
        fc.array(fc.integer(), { maxLength: 3 }),
        fc.constant({}),
      );
    case 'object':
      // Arrays (including []) and primitives: a nested object must be an object.
      return fc.oneof(
        fc.integer(),
        fc.boolean(),
        fc.string({ maxLength: 5 }),
        fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
      );
    default:
      return notAString;
  }
}

/** Text longer than `max` characters (code points: validators count an emoji as one), under the body limit. */
const tooLong = (max: number): fc.Arbitrary<string> =>
  fc
    .tuple(
      fc.integer({ min: max + 1, max: max + 2000 }),
      fc.constantFrom('x', 'é', '😀', '\u0000', "'"),
    )
    .map(([n, ch]) => ch.repeat(n));

/** Text outside an enum: unicode, SQL-looking, near misses. */
const notInEnum = (allowed: readonly string[]): fc.Arbitrary<unknown> =>
  fc
    .oneof(
      fc.constantFrom(...SQLISH, 'INBOX', 'Webhook', 'e-mail', 'inbox ', ' sent', 'ＳＥＮＴ'),
      fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }),
      fc.integer(),
    )
    .filter((v) => typeof v !== 'string' || !allowed.includes(v));

/** An unknown field name (not one of `known`). */
const unknownKey = (known: readonly string[]): fc.Arbitrary<string> =>
  fc
    .oneof(
      fc.constantFrom(...SNEAKY_KEYS),
      fc.string({ unit: 'binary', minLength: 1, maxLength: 20 }),
    )
    .filter((k) => !known.includes(k));

/** A user id the path rule refuses: a forbidden character, or too long. */
const badUserId: fc.Arbitrary<string> = fc.oneof(
  fc
    .tuple(
      fc.stringMatching(/^[A-Za-z0-9]{0,10}$/),
      fc.constantFrom(
        ' ',
        "'",
        'é',
        '😀',
        ';',
        '"',
        '<',
        '>',
        '\\',
        '%',
        '*',
        '=',
        ',',
        '(',
        ')',
        '\u0000',
      ),
      fc.string({ maxLength: 10 }),
    )
    .map(([a, bad, b]) => `${a}${bad}${b}`),
  fc.constantFrom(...SQLISH),
  fc.integer({ min: 201, max: 400 }).map((n) => 'u'.repeat(n)),
);

/** A body field of a route: its name and how to break it. */
interface FieldSpec {
  readonly name: string;
  readonly kind: 'string' | 'time' | 'enum' | 'object' | 'array' | 'int';
  readonly max?: number;
  readonly allowed?: readonly string[];
  readonly required?: boolean;
}

/** A body route: its valid base and its fields. */
interface BodyRoute {
  readonly method: string;
  readonly template: string;
  readonly path: (t: FuzzTargets) => string;
  readonly base: Record<string, unknown>;
  readonly fields: readonly FieldSpec[];
  readonly bodyLimit: number;
  /** An empty / absent body is valid here, so `null` is not a defect. */
  readonly emptyIsValid: boolean;
}

const BODY_ROUTES: readonly BodyRoute[] = [
  {
    method: 'POST',
    template: '/v1/users/{userId}/notifications',
    path: (t) => `/v1/users/${t.user}/notifications`,
    base: { title: 't', message: 'm', scheduledAt: FUTURE },
    fields: [
      { name: 'title', kind: 'string', max: 200, required: true },
      { name: 'message', kind: 'string', max: 4000, required: true },
      { name: 'url', kind: 'string', max: 2000 },
      { name: 'scheduledAt', kind: 'time' },
      { name: 'channels', kind: 'array' },
      { name: 'eventAt', kind: 'time' },
      { name: 'expiresAt', kind: 'time' },
      { name: 'source', kind: 'object' },
      { name: 'idempotencyKey', kind: 'string', max: 200 },
    ],
    bodyLimit: 64 * 1024,
    emptyIsValid: false,
  },
  {
    method: 'PATCH',
    template: '/v1/users/{userId}/notifications/{id}',
    path: (t) => `/v1/users/${t.user}/notifications/${t.scheduledId}`,
    base: {},
    fields: [
      { name: 'title', kind: 'string', max: 200 },
      { name: 'message', kind: 'string', max: 4000 },
      { name: 'url', kind: 'string', max: 2000 },
      { name: 'scheduledAt', kind: 'time' },
      { name: 'channels', kind: 'array' },
    ],
    bodyLimit: 64 * 1024,
    emptyIsValid: true,
  },
  ...(['cancel', 'send-now'] as const).map((verb) => ({
    method: 'POST',
    template: `/v1/users/{userId}/notifications/{id}/${verb}`,
    path: (t: FuzzTargets) => `/v1/users/${t.user}/notifications/${t.scheduledId}/${verb}`,
    base: {},
    fields: [],
    bodyLimit: 64 * 1024,
    emptyIsValid: true,
  })),
  {
    method: 'POST',
    template: '/v1/users/{userId}/inbox/{id}/read',
    path: (t) => `/v1/users/${t.user}/inbox/${t.inboxId}/read`,
    base: {},
    fields: [],
    bodyLimit: 64 * 1024,
    emptyIsValid: true,
  },
  {
    method: 'POST',
    template: '/v1/users/{userId}/subscriptions',
    path: (t) => `/v1/users/${t.user}/subscriptions`,
    base: { kind: 'webhook', url: 'https://hooks.example.com/fuzz' },
    fields: [
      { name: 'kind', kind: 'enum', allowed: ['webhook'] },
      { name: 'url', kind: 'string', max: 2000, required: true },
      { name: 'guarantee', kind: 'enum', allowed: ['at-least-once', 'at-most-once'] },
    ],
    bodyLimit: 64 * 1024,
    emptyIsValid: false,
  },
  {
    method: 'POST',
    template: '/v1/users/{userId}/subscriptions/{id}/resume',
    path: (t) => `/v1/users/${t.user}/subscriptions/${t.subscriptionId}/resume`,
    base: {},
    fields: [],
    bodyLimit: 64 * 1024,
    emptyIsValid: true,
  },
  {
    method: 'DELETE',
    template: '/v1/users/{userId}/subscriptions/{id}',
    path: (t) => `/v1/users/${t.user}/subscriptions/${t.subscriptionId}`,
    base: {},
    fields: [],
    bodyLimit: 64 * 1024,
    emptyIsValid: true,
  },
  {
    method: 'POST',
    template: '/v1/users/{userId}/tokens',
    path: (t) => `/v1/users/${t.user}/tokens`,
    base: {},
    fields: [],
    bodyLimit: 64 * 1024,
    emptyIsValid: true,
  },
  {
    method: 'POST',
    template: '/v1/notifications/deliver-due',
    path: () => '/v1/notifications/deliver-due',
    base: {},
    fields: [{ name: 'id', kind: 'string', max: 200 }],
    bodyLimit: 64 * 1024,
    emptyIsValid: true,
  },
  {
    method: 'POST',
    template: '/v1/reconcile',
    path: () => '/v1/reconcile',
    base: { sourceApp: 'fuzz', planned: [] },
    fields: [
      { name: 'sourceApp', kind: 'string', max: 100, required: true },
      { name: 'planned', kind: 'array', required: true },
      { name: 'pruneAfterDays', kind: 'int' },
    ],
    bodyLimit: 8 * 1024 * 1024,
    emptyIsValid: false,
  },
  {
    method: 'POST',
    template: '/v1/notifications/batch',
    path: () => '/v1/notifications/batch',
    base: { items: [] },
    // Every generated bad entry (reconcile-shaped ones carry sourceKey, unknown here) is bad
    // for a batch item too.
    fields: [{ name: 'items', kind: 'array', required: true }],
    bodyLimit: 8 * 1024 * 1024,
    emptyIsValid: false,
  },
];

/** One way to break one field of a body route. */
function brokenField(
  field: FieldSpec,
): fc.Arbitrary<{ value: unknown; defect: string } | { remove: true; defect: string }> {
  const options: fc.Arbitrary<
    { value: unknown; defect: string } | { remove: true; defect: string }
  >[] = [wrongTypeFor(field.kind).map((value) => ({ value, defect: `${field.name}: wrong type` }))];
  if (field.required) {
    options.push(fc.constant({ remove: true as const, defect: `${field.name}: missing` }));
    options.push(fc.constant({ value: null, defect: `${field.name}: null` }));
  }
  if (field.kind === 'string' && field.max !== undefined) {
    options.push(
      tooLong(field.max).map((value) => ({
        value,
        defect: `${field.name}: longer than ${field.max}`,
      })),
    );
  }
  if (field.kind === 'time') {
    options.push(
      badTime.map((value) => ({
        value,
        defect: `${field.name}: bad time ${JSON.stringify(value).slice(0, 40)}`,
      })),
    );
  }
  if (field.kind === 'enum') {
    options.push(
      notInEnum(field.allowed ?? []).map((value) => ({
        value,
        defect: `${field.name}: not in enum`,
      })),
    );
  }
  if (field.kind === 'object') {
    options.push(
      fc
        .oneof(
          fc.constant({ app: 'a' }),
          fc.constant({ key: 'k' }),
          fc.constant({ app: 'a', key: 'k', extra: 1 }),
          fc.constant({ app: 1, key: 'k' }),
          fc.constant({ app: 'a', key: 'k', toString: 'x' }),
        )
        .map((value) => ({ value, defect: `${field.name}: bad nested object` })),
    );
  }
  if (field.kind === 'array') {
    options.push(
      fc
        .oneof(
          fc.constant([{ userId: 'u1' }]),
          fc.constant([
            {
              userId: 'u1',
              sourceKey: 'k',
              title: 't',
              message: 'm',
              scheduledAt: '2026-09-10T08:30:00',
            },
          ]),
          fc.constant([
            { userId: "u'1", sourceKey: 'k', title: 't', message: 'm', scheduledAt: FUTURE },
          ]),
          fc.constant([
            {
              userId: 'u1',
              sourceKey: 'k',
              title: 't',
              message: 'm',
              scheduledAt: FUTURE,
              bogus: 1,
            },
          ]),
          fc.constant([
            { userId: 'u1', sourceKey: 'k', title: 't', message: 'm', rule: 'lead:abc' },
          ]),
          fc.constant([1, 2]),
        )
        .map((value) => ({ value, defect: `${field.name}: bad entries` })),
    );
  }
  if (field.kind === 'int') {
    options.push(
      fc
        .oneof(fc.integer({ max: -1 }), fc.constant(1.5), fc.constant('7'))
        .map((value) => ({ value, defect: `${field.name}: not a whole number ≥ 0` })),
    );
  }
  return fc.oneof(...options);
}

/** A body route's bad request: a broken field, an unknown field, a broken envelope, or a bad path. */
function bodyRouteRequest(route: BodyRoute, t: FuzzTargets): fc.Arbitrary<BadRequest> {
  const route_ = `${route.method} ${route.template}`;
  const known = route.fields.map((f) => f.name);
  const make = (defect: string, extra: Partial<BadRequest>): BadRequest => ({
    route: route_,
    method: route.method,
    path: route.path(t),
    defect,
    ...extra,
  });
  const kinds: fc.Arbitrary<BadRequest>[] = [
    unknownKey(known).chain((key) =>
      fc.jsonValue({ maxDepth: 1 }).map((value) =>
        make(`unknown field ${JSON.stringify(key)}`, {
          raw: JSON.stringify({ ...route.base, [key]: value ?? 1 }),
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
      .tuple(
        fc.constantFrom(
          'text/plain',
          'application/x-www-form-urlencoded',
          'application/xml',
          'multipart/form-data; boundary=x',
          'application/jsonx',
          'text/html; charset=utf-8',
        ),
      )
      .map(([contentType]) =>
        make(`wrong content type ${contentType}`, { raw: JSON.stringify(route.base), contentType }),
      ),
    fc
      .constantFrom('[]', '"text"', '42', 'true', ...(route.emptyIsValid ? [] : ['null']))
      .map((raw) => make(`body is ${raw}, not an object`, { raw })),
  ];
  if (route.template.includes('{userId}')) {
    kinds.push(
      badUserId.map((user) =>
        make('bad user id in the path', {
          path: route.path({ ...t, user: encodeSegment(user) }),
          raw: JSON.stringify(route.base),
        }),
      ),
    );
  }
  if (route.template.includes('{userId}') && !route.template.endsWith('/tokens')) {
    kinds.push(
      fc.constant(
        make('recipientId in the body', {
          raw: JSON.stringify({ ...route.base, recipientId: t.user }),
        }),
      ),
    );
  }
  if (route.bodyLimit <= 64 * 1024) {
    kinds.push(
      fc.integer({ min: 1, max: 4096 }).map((extra) =>
        make('oversize body', {
          raw: JSON.stringify({ ...route.base, title: 'x'.repeat(route.bodyLimit + extra) }),
        }),
      ),
    );
  }
  for (const field of route.fields) {
    kinds.push(
      brokenField(field).map((broken) => {
        const body: Record<string, unknown> = { ...route.base };
        if ('remove' in broken) {
          delete body[field.name];
        } else {
          body[field.name] = broken.value;
        }
        return make(broken.defect, { raw: JSON.stringify(body) });
      }),
    );
  }
  if (route.template === '/v1/users/{userId}/notifications') {
    kinds.push(
      fc.constantFrom('', 'x'.repeat(201)).map((key) =>
        make('bad Idempotency-Key header', {
          raw: JSON.stringify(route.base),
          headers: { 'idempotency-key': key },
        }),
      ),
      fc.constant(
        make('idempotency key both as header and field', {
          raw: JSON.stringify({ ...route.base, idempotencyKey: 'a' }),
          headers: { 'idempotency-key': 'b' },
        }),
      ),
    );
  }
  return fc.oneof(...kinds);
}

/** A query route's bad request. */
function queryRouteRequest(
  template: string,
  path: string,
  params: Record<string, fc.Arbitrary<string>>,
): fc.Arbitrary<BadRequest> {
  const route = `GET ${template}`;
  const known = Object.keys(params);
  const kinds: fc.Arbitrary<BadRequest>[] = [
    unknownKey(known)
      .filter((k) => k !== '__proto__')
      .map((key) => ({
        route,
        method: 'GET',
        path: `${path}?${encodeSegment(key)}=1`,
        defect: `unknown query parameter ${JSON.stringify(key)}`,
      })),
    badUserId.map((user) => ({
      route,
      method: 'GET',
      path: path.replace(/\/v1\/users\/[^/]+/, `/v1/users/${encodeSegment(user)}`),
      defect: 'bad user id in the path',
    })),
  ];
  for (const [name, bad] of Object.entries(params)) {
    kinds.push(
      bad.map((value) => ({
        route,
        method: 'GET',
        path: `${path}?${name}=${encodeSegment(value)}`,
        defect: `${name}=${value.slice(0, 30)}`,
      })),
    );
  }
  return fc.oneof(...kinds);
}

const badLimit = fc.oneof(
  fc.constantFrom('0', '-1', '201', '1.5', 'abc', '1e3', '', ' 5', '99999999999'),
  fc.integer({ min: 201 }).map(String),
);
const badCursor = fc.oneof(
  fc.constantFrom('{"x":1}', 'not-a-cursor', "' OR 1=1 --", '😀', 'x'.repeat(1001)),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }),
);

/** Every route of the contract with its own ways of being called wrongly. */
export function badRequestArbitrary(t: FuzzTargets): fc.Arbitrary<BadRequest> {
  const base = `/v1/users/${t.user}`;
  const pathOnly = (
    method: string,
    template: string,
    concrete: (u: string) => string,
    stream = false,
  ): fc.Arbitrary<BadRequest> =>
    badUserId.map((user) => ({
      route: `${method} ${template}`,
      method,
      path: concrete(encodeSegment(user)),
      defect: 'bad user id in the path',
      stream,
    }));
  const inputless = (template: string): fc.Arbitrary<BadRequest> =>
    fc.oneof(
      fc.constantFrom('POST', 'PUT', 'DELETE', 'PATCH').map((method) => ({
        route: `GET ${template}`,
        method,
        path: template,
        defect: `method ${method} on a GET route`,
        raw: '{}',
      })),
      fc.stringMatching(/^[a-z0-9%'"-]{1,20}$/).map((junk) => ({
        route: `GET ${template}`,
        method: 'GET',
        path: `${template}/${junk}`,
        defect: 'unknown sub-path',
      })),
    );
  return fc.oneof(
    ...BODY_ROUTES.map((r) => bodyRouteRequest(r, t)),
    queryRouteRequest('/v1/users/{userId}/notifications', `${base}/notifications`, {
      limit: badLimit,
      cursor: badCursor,
      status: notInEnum(['scheduled', 'sending', 'sent', 'canceled', 'missed', 'failed']).map(
        String,
      ),
    }),
    queryRouteRequest('/v1/users/{userId}/inbox', `${base}/inbox`, {
      limit: badLimit,
      cursor: badCursor,
      unreadOnly: fc.constantFrom('yes', '1', 'TRUE', 'maybe', ''),
    }),
    fc.oneof(
      pathOnly(
        'GET',
        '/v1/users/{userId}/notifications/{id}',
        (u) => `/v1/users/${u}/notifications/${t.scheduledId}`,
      ),
      fc
        .oneof(
          fc.constantFrom(...SQLISH),
          tooLong(200),
          fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }),
        )
        .map((id) => ({
          route: 'GET /v1/users/{userId}/notifications/{id}',
          method: 'GET',
          path: `${base}/notifications/${encodeSegment(id)}`,
          defect: 'unknown or malformed id',
        })),
    ),
    pathOnly('GET', '/v1/users/{userId}/subscriptions', (u) => `/v1/users/${u}/subscriptions`),
    pathOnly('GET', '/v1/users/{userId}/events', (u) => `/v1/users/${u}/events`, true),
    inputless('/v1/events'),
    inputless('/healthz'),
    inputless('/metrics'),
    inputless('/openapi.json'),
  );
}
