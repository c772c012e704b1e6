import { BODY_SCHEMAS } from './contract/body-schemas';
import { bodyOf, ref } from './contract/command-schemas';
import { VIEW_SCHEMAS } from './contract/view-schemas';
import { DEFAULT_BODY_LIMIT, type RouteSpec, type Schema } from './route';

const ERROR_DESCRIPTIONS: Readonly<Record<number, string>> = {
  400: 'Invalid body, query or time; `error.fields` names every bad field.',
  401: 'Missing or unknown bearer token.',
  403: "A user token on another user's path, or on an admin route.",
  404: 'Unknown id.',
  409: 'Illegal transition for the current status, or an Idempotency-Key reused with another request.',
  413: 'Body too large.',
  414: 'A path segment is longer than 1024 characters.',
  415: 'Body is not `application/json` in UTF-8.',
  422: 'The request was understood but cannot be carried out (e.g. a copy whose schemas do not fit).',
  429: 'This token holds its maximum of live event streams.',
  503: 'The daemon holds its maximum of live event streams.',
};

function pathParameters(path: string): Schema[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((m) => ({
    name: m[1],
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
}

function operation(route: RouteSpec, schemas: Readonly<Record<string, Schema>>): Schema {
  const responses: Record<string, Schema> = {};
  for (const [status, response] of Object.entries(route.responses)) {
    responses[status] = {
      description: response.description,
      ...(response.schema
        ? { content: { [response.contentType ?? 'application/json']: { schema: response.schema } } }
        : {}),
    };
  }
  const errors = new Set(route.errorStatuses ?? []);
  if (route.access !== 'public') {
    errors.add(401);
  }
  if (route.access === 'admin' || route.access === 'user') {
    errors.add(403);
  }
  if (route.path.includes('{')) {
    // Any path parameter past the router's segment limit is refused before routing.
    errors.add(414);
  }
  if (route.requestBody) {
    [400, 413, 415].forEach((s) => errors.add(s));
  }
  for (const status of [...errors].sort()) {
    responses[String(status)] = {
      description: ERROR_DESCRIPTIONS[status] ?? 'Error.',
      content: { 'application/json': { schema: ref('Error') } },
    };
  }
  const parameters = [
    ...pathParameters(route.path),
    ...Object.entries(route.query ?? {}).map(([name, schema]) => ({
      name,
      in: 'query',
      required: false,
      schema,
    })),
    ...Object.entries(route.headers ?? {}).map(([name, description]) => ({
      name,
      in: 'header',
      required: false,
      description,
      schema: { type: 'string' },
    })),
  ];
  return {
    operationId: route.operationId,
    summary: route.summary,
    tags: [route.tag],
    ...(route.access === 'public' ? { security: [] } : {}),
    // Who may call it: public, admin, user (the path's user or the admin), signed-in (anyone
    // authenticated). Bearer token or, from a page of this origin, the session (cookie + header).
    'x-access': route.access,
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(route.requestBody ? requestBody(route, schemas) : {}),
    responses,
  };
}

/**
 * Every request body by name: the shared ones (body-schemas.ts) and each route's, derived from
 * its command. A name given to two different bodies is a bug in the route table.
 */
function bodySchemas(routes: readonly RouteSpec[]): Record<string, Schema> {
  const schemas: Record<string, Schema> = { ...BODY_SCHEMAS };
  for (const { requestBody: body, operationId } of routes) {
    if (body !== undefined && typeof body !== 'string') {
      if (schemas[body.name] !== undefined) {
        throw new Error(`route ${operationId}: another body is named ${body.name}`);
      }
      schemas[body.name] = bodyOf(body.command, body);
    }
  }
  return schemas;
}

/** The body part of an operation: required when its schema requires a field; its size limit. */
function requestBody(route: RouteSpec, schemas: Readonly<Record<string, Schema>>): Schema {
  const name =
    typeof route.requestBody === 'string' ? route.requestBody : (route.requestBody?.name ?? '');
  const schema = schemas[name];
  if (schema === undefined) {
    throw new Error(`route ${route.operationId}: no body schema named ${name}`);
  }
  return {
    requestBody: {
      required: Array.isArray(schema.required) && schema.required.length > 0,
      content: { 'application/json': { schema: ref(name) } },
    },
    'x-body-limit': route.bodyLimit ?? DEFAULT_BODY_LIMIT,
  };
}

/** The OpenAPI 3.1 document, built from the same route table the server registers. */
export function buildOpenApi(routes: readonly RouteSpec[], version: string): Schema {
  const paths: Record<string, Record<string, Schema>> = {};
  const bodies = bodySchemas(routes);
  for (const route of routes) {
    paths[route.path] ??= {};
    paths[route.path]![route.method.toLowerCase()] = operation(route, bodies);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Tickler daemon',
      version,
      description: 'Durable "remind me later" notifications. All instants are ISO-8601 UTC text.',
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer' },
        // The web page's session (POST /v1/session): both halves, the cookie and the header
        // (AND in OpenAPI's terms); state-changing requests also need an Origin header naming
        // this daemon.
        session: { type: 'apiKey', in: 'cookie', name: 'tickler_session' },
        sessionKey: { type: 'apiKey', in: 'header', name: 'X-Tickler-Session' },
      },
      schemas: { ...VIEW_SCHEMAS, ...bodies },
    },
    security: [{ bearer: [] }, { session: [], sessionKey: [] }],
    paths,
  };
}
