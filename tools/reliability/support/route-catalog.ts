import { type Api } from '@tickler/testing';

/** One operation of the daemon's OpenAPI document. */
export interface Operation {
  readonly method: string;
  /** OpenAPI path with `{userId}` / `{id}` placeholders. */
  readonly path: string;
  readonly operationId: string;
  /** `security: []` in the document: no token needed. */
  readonly isPublic: boolean;
  /** The route's `x-access`: `public`, `admin`, `user` or `signed-in` (any valid token or session). */
  readonly access: string;
  /** Under `/v1/users/{userId}/` and reachable by that user's token (not `/tokens`, which is admin). */
  readonly isUserRoute: boolean;
  readonly hasBody: boolean;
  readonly isStream: boolean;
  readonly queryNames: readonly string[];
}

interface OpenApiOperation {
  operationId: string;
  security?: unknown[];
  'x-access'?: string;
  requestBody?: unknown;
  parameters?: { name: string; in: string }[];
  responses: Record<string, { content?: Record<string, unknown> }>;
}

/**
 * Every operation of the running daemon's contract: the suite walks the document the server
 * is built from, so a route added later is covered without editing the suite.
 */
export async function loadOperations(api: Api): Promise<Operation[]> {
  const doc = await api.get<{ paths: Record<string, Record<string, OpenApiOperation>> }>(
    '/openapi.json',
  );
  if (doc.status !== 200) {
    throw new Error(`/openapi.json answered ${doc.status}`);
  }
  return Object.entries(doc.body.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      operationId: op.operationId,
      isPublic: Array.isArray(op.security) && op.security.length === 0,
      access: op['x-access'] ?? 'user',
      isUserRoute: path.startsWith('/v1/users/{userId}/') && !path.endsWith('/tokens'),
      hasBody: op.requestBody !== undefined,
      isStream: Object.values(op.responses).some(
        (r) => r.content !== undefined && 'text/event-stream' in r.content,
      ),
      queryNames: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
    })),
  );
}

/** Fills the path's placeholders. */
export function concretePath(path: string, userId: string, id = 'no-such-id'): string {
  return path
    .replace('{userId}', encodeURIComponent(userId))
    .replace('{id}', encodeURIComponent(id));
}

/** Status and the first bytes of a stream's answer, then the connection is dropped. */
export async function probeStream(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; text: string }> {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  if (response.status !== 200) {
    return { status: response.status, text: await response.text() };
  }
  controller.abort();
  return { status: response.status, text: '' };
}
