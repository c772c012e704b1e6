import { sql } from 'kysely';
import { type DaemonMetrics } from '../../metrics/daemon-metrics';
import { type RouteSpec } from '../route';

/** `/healthz` (no auth), `/metrics` (admin), `/openapi.json` (no auth). */
export function systemRoutes(metrics: DaemonMetrics, openapi: () => unknown): RouteSpec[] {
  return [
    {
      method: 'GET',
      path: '/healthz',
      operationId: 'health',
      summary: 'Liveness and database reachability.',
      access: 'public',
      tag: 'system',
      responses: {
        200: {
          description: 'Up, and the database answers.',
          schema: { type: 'object', properties: { status: { const: 'ok' } } },
        },
      },
      handle: async ({ app }) => {
        await sql`select 1`.execute(app.database.kysely);
        return { status: 200, body: { status: 'ok' } };
      },
    },
    {
      method: 'GET',
      path: '/metrics',
      operationId: 'metrics',
      summary:
        'Prometheus metrics: deliveries by status, queue depth, the repeatable jobs’ occurrence ledger (last 100 per job), lateness histogram.',
      access: 'admin',
      tag: 'system',
      responses: {
        200: {
          description: 'Prometheus text exposition.',
          contentType: 'text/plain',
          schema: { type: 'string' },
        },
      },
      handle: async () => {
        const { contentType, text } = await metrics.render();
        return { status: 200, body: text, contentType };
      },
    },
    {
      method: 'GET',
      path: '/openapi.json',
      operationId: 'openapi',
      summary: 'This document.',
      access: 'public',
      tag: 'system',
      responses: { 200: { description: 'OpenAPI 3.1 document.', schema: { type: 'object' } } },
      handle: () => Promise.resolve({ status: 200, body: openapi() }),
    },
  ];
}
