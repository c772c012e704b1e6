import {
  AddCalendar,
  type CalendarEventView,
  type CalendarFeedView,
  type CalendarSyncResult,
  type CalendarView,
  CreateCalendarFeed,
  ListCalendarEvents,
  ListCalendars,
  parseSourceLocation,
  RemoveCalendar,
  RenderCalendarFeed,
  RevokeCalendarFeed,
  SyncCalendar,
  UpdateCalendar,
} from '@tickler/calendar';
import { type Principal } from '@tickler/auth';
import { commandPayload } from '../command-payload';
import { ref } from '../contract/command-schemas';
import { HttpBoundaryError } from '../http.errors';
import { type RouteInput, type RouteSpec } from '../route';
import { recipientFromPath, toHttpView } from '../user-naming';

const CALENDARS = '/v1/users/{userId}/calendars';
const ONE = `${CALENDARS}/{calendarId}`;

/**
 * A file path is read with the daemon's rights: only the admin (the machine's owner, the CLI)
 * may name one. A user token — a browser session included — may add https calendars only.
 */
function checkFileSource(body: unknown, principal: Principal | undefined): void {
  const source = (body as { source?: unknown } | null)?.source;
  if (typeof source !== 'string' || principal?.kind === 'admin') {
    return;
  }
  let kind: string | undefined;
  try {
    kind = parseSourceLocation(source).kind;
  } catch {
    return; // the command names the field
  }
  if (kind === 'file') {
    throw new HttpBoundaryError(
      'AUTH.FORBIDDEN',
      "source: a file is read with the daemon's rights, so only the admin token may add one; give an https URL",
    );
  }
}

function ids({ params }: RouteInput): { recipientId: string; calendarId: string } {
  return { ...recipientFromPath(params), calendarId: params.calendarId ?? '' };
}

/** `/v1/users/{userId}/calendars[…]`, the person's feed, and the feed itself. */
export function calendarRoutes(): RouteSpec[] {
  return [
    {
      method: 'POST',
      path: CALENDARS,
      operationId: 'addCalendar',
      summary:
        'Add a calendar: {"source": "<https URL or, admin only, an absolute .ics path>", "name": "Work", "lead": "15m"}; optional enabled, timeZone, allDayAt ("09:00"), allDayDaysBefore (1). Its first sync is queued.',
      access: 'user',
      tag: 'calendars',
      requestBody: { name: 'AddCalendarBody', command: AddCalendar, fromPath: ['recipientId'] },
      responses: { 201: { description: 'The calendar, with its id.', schema: ref('Calendar') } },
      errorStatuses: [400, 409],
      handle: async (input) => {
        checkFileSource(input.body, input.principal);
        const payload = commandPayload(
          AddCalendar.type,
          input.body,
          recipientFromPath(input.params),
        );
        const view = (await input.app.bus.dispatchPlain(AddCalendar.type, payload)) as CalendarView;
        return { status: 201, body: toHttpView(view) };
      },
    },
    {
      method: 'GET',
      path: CALENDARS,
      operationId: 'listCalendars',
      summary: "The user's calendars with their last sync, error and last reminder.",
      access: 'user',
      tag: 'calendars',
      responses: { 200: { description: 'Oldest first.', schema: ref('CalendarList') } },
      handle: async ({ app, params }) => {
        const items = await app.bus.dispatchPlain(ListCalendars.type, recipientFromPath(params));
        return { status: 200, body: { items: toHttpView(items as CalendarView[]) } };
      },
    },
    {
      method: 'PATCH',
      path: ONE,
      operationId: 'updateCalendar',
      summary:
        'Change name, lead, enabled (off withdraws its reminders at once), timeZone (null = the profile zone), allDayAt, allDayDaysBefore.',
      access: 'user',
      tag: 'calendars',
      requestBody: {
        name: 'UpdateCalendarBody',
        command: UpdateCalendar,
        fromPath: ['recipientId', 'calendarId'],
      },
      responses: {
        200: { description: 'The calendar after the change.', schema: ref('Calendar') },
      },
      errorStatuses: [400, 404],
      handle: async (input) => {
        const payload = commandPayload(UpdateCalendar.type, input.body, ids(input));
        const view = (await input.app.bus.dispatchPlain(
          UpdateCalendar.type,
          payload,
        )) as CalendarView;
        return { status: 200, body: toHttpView(view) };
      },
    },
    {
      method: 'DELETE',
      path: ONE,
      operationId: 'removeCalendar',
      summary: 'Remove a calendar; its future reminders are withdrawn in the same transaction.',
      access: 'user',
      tag: 'calendars',
      responses: { 204: { description: 'Removed.' } },
      errorStatuses: [404],
      handle: async (input) => {
        await input.app.bus.dispatchPlain(RemoveCalendar.type, ids(input));
        return { status: 204 };
      },
    },
    {
      method: 'POST',
      path: `${ONE}/sync`,
      operationId: 'syncCalendar',
      summary:
        'Read the calendar now and reconcile its reminders (changed false: nothing differed, nothing was written).',
      access: 'user',
      tag: 'calendars',
      responses: { 200: { description: 'What the sync did.', schema: ref('CalendarSyncResult') } },
      errorStatuses: [404],
      handle: async (input) => {
        const result = await input.app.bus.dispatchPlain(SyncCalendar.type, ids(input));
        return { status: 200, body: toHttpView(result as CalendarSyncResult) };
      },
    },
    {
      method: 'GET',
      path: `${ONE}/events`,
      operationId: 'listCalendarEvents',
      summary:
        'The occurrences within the window, their reminders and when each was last reminded.',
      access: 'user',
      tag: 'calendars',
      responses: { 200: { description: 'By start.', schema: ref('CalendarEventList') } },
      errorStatuses: [404],
      handle: async (input) => {
        const items = await input.app.bus.dispatchPlain(ListCalendarEvents.type, ids(input));
        return { status: 200, body: { items: items as CalendarEventView[] } };
      },
    },
    {
      method: 'POST',
      path: '/v1/users/{userId}/calendar-feed',
      operationId: 'createCalendarFeed',
      summary:
        "Make (or replace) the user's private iCalendar feed of their scheduled reminders: its URL carries a secret token, shown this once.",
      access: 'user',
      tag: 'calendars',
      secret: true,
      responses: { 201: { description: 'The feed.', schema: ref('CalendarFeed') } },
      handle: async ({ app, params, headers, https }) => {
        const feed = (await app.bus.dispatchPlain(
          CreateCalendarFeed.type,
          recipientFromPath(params),
        )) as CalendarFeedView;
        const url = `${https ? 'https' : 'http'}://${headers.host ?? 'localhost'}${feed.path}`;
        return { status: 201, body: { ...feed, url } };
      },
    },
    {
      method: 'DELETE',
      path: '/v1/users/{userId}/calendar-feed',
      operationId: 'revokeCalendarFeed',
      summary: "Revoke the user's feed: its URL answers 404 from now on.",
      access: 'user',
      tag: 'calendars',
      responses: { 204: { description: 'Revoked (or there was none).' } },
      handle: async ({ app, params }) => {
        await app.bus.dispatchPlain(RevokeCalendarFeed.type, recipientFromPath(params));
        return { status: 204 };
      },
    },
    {
      method: 'GET',
      path: '/v1/feeds/{token}/reminders.ics',
      operationId: 'calendarFeed',
      summary:
        'A private feed: the token is the credential. Every scheduled reminder of its owner, as iCalendar (subscribe to it from any calendar app).',
      access: 'public',
      tag: 'calendars',
      secret: true,
      responses: {
        200: {
          description: 'iCalendar text.',
          contentType: 'text/calendar',
          schema: { type: 'string' },
        },
      },
      errorStatuses: [400, 404],
      handle: async ({ app, params }) => {
        const { ics } = (await app.bus.dispatchPlain(RenderCalendarFeed.type, {
          token: params.token ?? '',
        })) as { ics: string };
        return { status: 200, body: ics, contentType: 'text/calendar; charset=utf-8' };
      },
    },
  ];
}
