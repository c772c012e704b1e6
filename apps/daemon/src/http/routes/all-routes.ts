import { type EventStreamHub } from '../../events/event-stream.hub';
import { type DaemonMetrics } from '../../metrics/daemon-metrics';
import { buildOpenApi } from '../openapi';
import { type RouteSpec } from '../route';
import { adminRoutes } from './admin.routes';
import { actionRoutes } from './action.routes';
import { calendarRoutes } from './calendar.routes';
import { eventRoutes } from './event.routes';
import { inboxRoutes } from './inbox.routes';
import { internalRoutes } from './internal.routes';
import { migrateRoutes } from './migrate.routes';
import { notificationRoutes } from './notification.routes';
import { preferenceRoutes } from './preference.routes';
import { profileRoutes } from './profile.routes';
import { pushRoutes } from './push.routes';
import { sessionRoutes } from './session.routes';
import { subscriptionRoutes } from './subscription.routes';
import { systemRoutes } from './system.routes';
import { tokenRoutes } from './token.routes';
import { timeRoutes } from './time.routes';

/** The one route table: the server registers it and the OpenAPI document describes it. */
export function allRoutes(deps: {
  metrics: DaemonMetrics;
  hub: EventStreamHub;
  version: string;
}): RouteSpec[] {
  const routes: RouteSpec[] = [];
  let document: unknown;
  const openapi = (): unknown => (document ??= buildOpenApi(routes, deps.version));
  routes.push(
    ...systemRoutes(deps.metrics, openapi),
    ...tokenRoutes(),
    ...adminRoutes(),
    ...sessionRoutes(),
    ...notificationRoutes(),
    ...inboxRoutes(),
    ...profileRoutes(),
    ...preferenceRoutes(),
    ...subscriptionRoutes(),
    ...pushRoutes(),
    ...actionRoutes(),
    ...internalRoutes(),
    ...timeRoutes(),
    ...eventRoutes(deps.hub),
    ...calendarRoutes(),
    ...migrateRoutes(),
  );
  return routes;
}
