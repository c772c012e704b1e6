import { type FastifyReply, type FastifyRequest } from 'fastify';
import { type Application } from '@tickler/core';
import { type Principal } from '@tickler/auth';
import { type BodyShape } from './contract/command-schemas';

/**
 * Who may call a route: anyone, the admin only, the admin and the user named in the path, or
 * anyone signed in (the admin or any user: read-only helpers such as the time parser).
 */
export type Access = 'public' | 'admin' | 'user' | 'signed-in';

/** A JSON Schema fragment for the OpenAPI document. */
export type Schema = Readonly<Record<string, unknown>>;

/** What a route handler gets: parsed input plus the composed application. */
export interface RouteInput {
  readonly app: Application;
  readonly principal: Principal | undefined;
  readonly params: Readonly<Record<string, string>>;
  readonly query: Readonly<Record<string, string>>;
  readonly body: unknown;
  readonly headers: FastifyRequest['headers'];
  /**
   * The request came over TLS (cookies then carry `Secure`): the socket, or a trusted proxy's
   * `X-Forwarded-Proto`.
   */
  readonly https: boolean;
  /** The host the client addressed: `Host`, or a trusted proxy's `X-Forwarded-Host`. */
  readonly host: string;
}

/** A JSON answer. */
export interface RouteResult {
  readonly status: number;
  readonly body?: unknown;
  /** Content type when not JSON (e.g. Prometheus text). */
  readonly contentType?: string;
  /** Extra response headers (e.g. `set-cookie`). */
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * A route's JSON body as the command it dispatches: the body's schema is derived from the
 * command class (its class-validator fields, less the path's), so the route and its command are
 * one declaration.
 */
export interface CommandBody extends BodyShape {
  /** The body's name in `components.schemas` (stable: clients' generated types use it). */
  readonly name: string;
  /** The command the route dispatches. */
  readonly command: new () => object;
}

/** One entry of the route table: registers the fastify route and documents it in OpenAPI. */
export interface RouteSpec {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** OpenAPI-style path with `{param}` segments. */
  readonly path: string;
  readonly operationId: string;
  readonly summary: string;
  readonly access: Access;
  readonly tag: string;
  /**
   * The JSON body, when the route takes one: the command it dispatches ({@link CommandBody}), or
   * the name of a schema in contract/body-schemas.ts for a body that is no command.
   */
  readonly requestBody?: CommandBody | string;
  /** Query parameters: name → schema. */
  readonly query?: Readonly<Record<string, Schema>>;
  /** Extra documented request headers: name → description. */
  readonly headers?: Readonly<Record<string, string>>;
  /** Success status → description and schema. Error statuses are added from {@link errorStatuses}. */
  readonly responses: Readonly<
    Record<number, { description: string; schema?: Schema; contentType?: string }>
  >;
  /** Error statuses this route can answer besides 401/403 (implied by `access`). */
  readonly errorStatuses?: readonly number[];
  /**
   * The command whose limits (`@ArrayMaxSize`, nesting) bound the raw body, checked before it is
   * parsed. Default: no arrays beyond the default size.
   */
  readonly limitsOf?: new () => object;
  /** Answers carry a token or secret: `Cache-Control: no-store`. */
  readonly secret?: boolean;
  /** Largest accepted body in bytes. Default {@link DEFAULT_BODY_LIMIT}. */
  readonly bodyLimit?: number;
  /** A JSON route's handler. */
  readonly handle?: (input: RouteInput) => Promise<RouteResult>;
  /** A streaming route takes over the raw response (server-sent events). */
  readonly stream?: (input: RouteInput, request: FastifyRequest, reply: FastifyReply) => void;
}

/** Default body limit: a notification is a few KiB at most. */
export const DEFAULT_BODY_LIMIT = 64 * 1024;
