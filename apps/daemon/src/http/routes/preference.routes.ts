import { commandPayload } from '../command-payload';
import { type PreferencesView, GetPreferences, UpdatePreferences } from '@tickler/notifications';
import { type RouteSpec } from '../route';
import { recipientFromPath, toHttpView } from '../user-naming';
import { ref } from '../contract/command-schemas';

/** `/v1/users/{userId}/preferences`: a person's channel switches per source (docs/preferences.md). */
export function preferenceRoutes(): RouteSpec[] {
  return [
    {
      method: 'GET',
      path: '/v1/users/{userId}/preferences',
      operationId: 'getPreferences',
      summary:
        "The user's channel switches per source (an empty list when they set none: every channel is on).",
      access: 'user',
      tag: 'preferences',
      responses: { 200: { description: 'The switches.', schema: ref('Preferences') } },
      handle: async ({ app, params }) => {
        const view = await app.bus.dispatchPlain(GetPreferences.type, recipientFromPath(params));
        return { status: 200, body: toHttpView(view as PreferencesView) };
      },
    },
    {
      method: 'PUT',
      path: '/v1/users/{userId}/preferences',
      operationId: 'updatePreferences',
      summary:
        'Set some switches: {"preferences":[{"source":"calendar","channel":"push","enabled":false}]} (1–100 entries; source = the reminders\' source app, or "@person" for those the user made; the others are unchanged; a switch named twice keeps the last). Applied when a reminder fires: a channel turned off is not sent; a reminder whose every channel is off is settled missed, missedReason "preferences".',
      access: 'user',
      tag: 'preferences',
      requestBody: {
        name: 'UpdatePreferencesBody',
        command: UpdatePreferences,
        fromPath: ['recipientId'],
      },
      responses: {
        200: { description: 'Every switch after the change.', schema: ref('Preferences') },
      },
      errorStatuses: [400],
      handle: async ({ app, params, body }) => {
        const payload = commandPayload(UpdatePreferences.type, body, recipientFromPath(params));
        const view = await app.bus.dispatchPlain(UpdatePreferences.type, payload);
        return { status: 200, body: toHttpView(view as PreferencesView) };
      },
    },
  ];
}
