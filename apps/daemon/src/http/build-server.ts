import Fastify, {
  type FastifyInstance,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
  LogController,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { type Logger as PinoLogger } from 'pino';
import { type Application, CommandValidationError } from '@tickler/core';
import { type Principal } from '@tickler/auth';
import { type Authenticator } from '@tickler/auth/context';
import { mapError } from './error-envelope';
import { capConnections } from './hardening/connection-cap';
import { checkHost } from './hardening/host-guard';
import { checkSameOrigin, SAFE_METHODS } from './hardening/origin-guard';
import { SECURITY_HEADERS } from './hardening/security-headers';
import { DEFAULT_HTTP_LIMITS, type HttpLimits } from './hardening/http-limits';
import { type BodyLimitConfig, installJsonBodyParser } from './hardening/json-body-parser';
import { closeAfterRefusedBody } from './hardening/refused-body';
import {
  checkConnectionsOnDemand,
  type WhileConnected,
} from './hardening/connection-check-on-demand';
import { HttpBoundaryError } from './http.errors';
import { type Access, DEFAULT_BODY_LIMIT, type RouteInput, type RouteSpec } from './route';
import { sessionSecretOf } from './session/session-cookie';
import { registerWebApp } from './web/web-app.routes';
import { type WebAssets } from './web/web-assets';

/** What the server is built from. */
export interface ServerDeps {
  readonly app: Application;
  readonly authenticator: Authenticator;
  readonly routes: readonly RouteSpec[];
  readonly logger: PinoLogger;
  /** Runs when the server starts closing, before it waits for open connections (ends streams). */
  readonly onClosing?: () => void;
  /** Host names requests may address besides IP literals (the DNS-rebinding guard). */
  readonly allowedHosts: ReadonlySet<string>;
  /** Default {@link DEFAULT_HTTP_LIMITS}. */
  readonly limits?: HttpLimits;
  /** The built web app served at `/` (undefined: not built; `/` says how to build it). */
  readonly web?: WebAssets;
  /**
   * Reverse proxies (addresses, CIDR blocks) whose `X-Forwarded-Proto`/`-Host` are believed
   * (`TICKLER_TRUSTED_PROXY`); none: those headers are ignored, whoever sends them.
   */
  readonly trustedProxies?: readonly string[];
  /** Started with the first open connection, stopped with the last (event-loop sampling). */
  readonly whileConnected?: WhileConnected;
}

/** The daemon's fastify instance (logging through pino). */
export type DaemonServer = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  PinoLogger
>;

/**
 * Longest path segment the router matches. Route parameters (user ids up to 200 characters,
 * UUIDs) are far shorter, so a longer one still reaches the validators and is answered 400
 * naming the field; only a segment past this is refused before routing, with 414.
 */
export const MAX_PATH_SEGMENT = 1024;

/** How often Node checks open connections against the headers and request timeouts (ms). */
const CONNECTIONS_CHECK_MS = 1_000;

/**
 * Failures fastify raises before routing (a path segment over the router's limit, a URL that is
 * not valid percent-encoding) answered in our envelope, not fastify's default body.
 */
function frameworkError(error: Error & { code?: string }): HttpBoundaryError | Error {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return new HttpBoundaryError(
      'HTTP.URI_TOO_LONG',
      `a path segment is longer than ${MAX_PATH_SEGMENT} characters`,
    );
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    return new HttpBoundaryError('HTTP.BAD_REQUEST', 'the URL path is not valid percent-encoding');
  }
  return error;
}

function answerFrameworkError(error: Error, _request: FastifyRequest, reply: FastifyReply): void {
  const mapped = mapError(frameworkError(error));
  void reply.status(mapped.status).send(mapped.body);
}

/**
 * Headers that carry one value. Node joins repeats of a header it does not know into `"a, b"`,
 * which would silently become a different idempotency key: a repeat is refused instead.
 */
const SINGLE_HEADERS: readonly string[] = ['idempotency-key'];

function checkSingleHeaders(raw: readonly string[]): void {
  const seen = new Set<string>();
  for (let i = 0; i < raw.length; i += 2) {
    const name = (raw[i] ?? '').toLowerCase();
    if (SINGLE_HEADERS.includes(name)) {
      if (seen.has(name)) {
        throw new CommandValidationError('headers', [
          { path: 'Idempotency-Key', message: `give the ${name} header once` },
        ]);
      }
      seen.add(name);
    }
  }
}

/** `/v1/users/{userId}` → `/v1/users/:userId`. */
export function toFastifyPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

function stringRecord(value: unknown): Record<string, string> {
  return (value ?? {}) as Record<string, string>;
}

/**
 * The fastify instance: one error handler mapping codes through the one table, bearer auth
 * checked before the body is read (so a caller without a token learns nothing else), and only
 * `application/json` bodies (anything else is 415).
 */
export function buildServer(deps: ServerDeps): DaemonServer {
  const limits = deps.limits ?? DEFAULT_HTTP_LIMITS;
  const server = Fastify({
    loggerInstance: deps.logger,
    // One line per request at info would drown the log under load; errors are still logged.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: DEFAULT_BODY_LIMIT,
    return503OnClosing: true,
    routerOptions: { maxParamLength: MAX_PATH_SEGMENT },
    // request.protocol / request.host read X-Forwarded-* only from a configured proxy.
    trustProxy:
      deps.trustedProxies !== undefined && deps.trustedProxies.length > 0
        ? [...deps.trustedProxies]
        : false,
    frameworkErrors: answerFrameworkError,
    // Slow clients: a request must arrive whole within requestTimeout (408, then closed); Node
    // checks the clocks every second instead of every 30 s — only while a connection is open
    // (checkConnectionsOnDemand below), so an idle daemon does not wake for it.
    requestTimeout: limits.requestTimeoutMs,
    connectionTimeout: limits.idleSocketTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    http: {
      // Node wants headersTimeout ≤ requestTimeout, and applies the request timeout it was
      // created with (fastify only sets the property afterwards).
      requestTimeout: limits.requestTimeoutMs,
      headersTimeout: Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs),
      connectionsCheckingInterval: CONNECTIONS_CHECK_MS,
    },
  });
  checkConnectionsOnDemand(server.server, CONNECTIONS_CHECK_MS, deps.whileConnected);
  server.removeContentTypeParser('text/plain');
  installJsonBodyParser(server);
  const connections = capConnections(server.server, {
    max: limits.maxConnections,
    maxUnauthenticated: limits.maxUnauthenticatedConnections,
    evictIdleAfterMs: limits.evictIdleUnauthenticatedMs,
  });
  server.addHook('onRequest', (request, reply, done) => {
    void reply.headers(SECURITY_HEADERS);
    checkHost(request.headers.host, deps.allowedHosts);
    checkSingleHeaders(request.raw.rawHeaders);
    done();
  });
  // Request-scoped principal without declaration merging on fastify's types.
  const principals = new WeakMap<FastifyRequest, Principal>();

  server.setErrorHandler((error, request, reply) => {
    const mapped = mapError(error);
    if (mapped.bug) {
      request.log.error(
        { err: error, url: request.url, method: request.method },
        'unexpected error',
      );
    }
    if (mapped.status === 401) {
      void reply.header('www-authenticate', 'Bearer');
    }
    if (mapped.status === 401) {
      // Its body is not read: a client trickling it must not keep the socket.
      void reply.header('connection', 'close');
    }
    closeAfterRefusedBody(request, reply, mapped.status, limits);
    return reply.status(mapped.status).send(mapped.body);
  });
  server.setNotFoundHandler((request) => {
    throw new HttpBoundaryError(
      'HTTP.ROUTE_NOT_FOUND',
      `no route ${request.method} ${request.url.split('?')[0] ?? ''}`,
    );
  });

  /**
   * The bearer token when the request has an Authorization header (never falling back to the
   * session: a bad token is a 401), else the session — the cookie's half and the
   * `X-Tickler-Session` half together; a state-changing request signed in by it must also come
   * from this origin (CSRF).
   */
  const principalOf = async (request: FastifyRequest): Promise<Principal | undefined> => {
    if (request.headers.authorization !== undefined) {
      return deps.authenticator.principalOf(request.headers.authorization);
    }
    const secret = sessionSecretOf(request.headers);
    if (secret === undefined) {
      return undefined;
    }
    const principal = await deps.authenticator.principalOfSession(secret);
    if (principal !== undefined && !SAFE_METHODS.has(request.method)) {
      checkSameOrigin(request.headers.origin, request.host, request.protocol === 'https');
    }
    return principal;
  };

  const authorize = (access: Access) => async (request: FastifyRequest) => {
    if (access === 'public') {
      return;
    }
    const principal = await principalOf(request);
    if (!principal) {
      throw new HttpBoundaryError(
        'AUTH.UNAUTHENTICATED',
        'missing or unknown bearer token (or session)',
      );
    }
    if (principal.kind === 'user' && access !== 'signed-in') {
      const pathUser = stringRecord(request.params).userId;
      if (access === 'admin' || pathUser !== principal.userId) {
        throw new HttpBoundaryError('AUTH.FORBIDDEN', 'this token does not reach this path');
      }
    }
    principals.set(request, principal);
    // Its connection now serves someone who authenticated: never closed to make room.
    connections.markAuthenticated(request.raw.socket);
  };

  for (const route of deps.routes) {
    server.route({
      method: route.method,
      url: toFastifyPath(route.path),
      bodyLimit: route.bodyLimit ?? DEFAULT_BODY_LIMIT,
      config: { limitsOf: route.limitsOf } satisfies BodyLimitConfig,
      onRequest: route.secret
        ? [
            (_request: FastifyRequest, reply: FastifyReply, done: () => void) => {
              // Tokens and signing secrets must not stay in a cache on the way.
              void reply.header('cache-control', 'no-store');
              done();
            },
            authorize(route.access),
          ]
        : authorize(route.access),
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const input: RouteInput = {
          app: deps.app,
          principal: principals.get(request),
          params: stringRecord(request.params),
          query: stringRecord(request.query),
          body: request.body,
          headers: request.headers,
          https: request.protocol === 'https',
          host: request.host,
        };
        if (route.stream) {
          route.stream(input, request, reply);
          return reply;
        }
        if (!route.handle) {
          throw new Error(`route ${route.operationId} has neither handle nor stream`);
        }
        const result = await route.handle(input);
        void reply.status(result.status);
        if (result.contentType) {
          void reply.type(result.contentType);
        }
        if (result.headers) {
          void reply.headers(result.headers);
        }
        return reply.send(result.body ?? (result.status === 204 ? undefined : null));
      },
    });
  }

  registerWebApp(server, deps.web, MAX_PATH_SEGMENT);

  server.addHook('preClose', (done) => {
    deps.onClosing?.();
    done();
  });
  return server;
}
