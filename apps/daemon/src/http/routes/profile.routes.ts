import { commandPayload } from '../command-payload';
import {
  type RecipientProfileView,
  GetRecipientProfile,
  UpdateRecipientProfile,
} from '@tickler/notifications';
import { type RouteSpec } from '../route';
import { recipientFromPath, toHttpView } from '../user-naming';
import { ref } from '../contract/command-schemas';

/** `/v1/users/{userId}/profile`: a person's zone, quiet hours, inbox on time, default lead, digest. */
export function profileRoutes(): RouteSpec[] {
  return [
    {
      method: 'GET',
      path: '/v1/users/{userId}/profile',
      operationId: 'getProfile',
      summary: "The user's profile (the defaults when they never set one: updatedAt null).",
      access: 'user',
      tag: 'profile',
      responses: { 200: { description: 'The profile.', schema: ref('RecipientProfile') } },
      handle: async ({ app, params }) => {
        const view = await app.bus.dispatchPlain(
          GetRecipientProfile.type,
          recipientFromPath(params),
        );
        return { status: 200, body: toHttpView(view as RecipientProfileView) };
      },
    },
    {
      method: 'PUT',
      path: '/v1/users/{userId}/profile',
      operationId: 'updateProfile',
      summary:
        'Change the profile: every field optional (left out = unchanged, null = cleared). timeZone (IANA), quietHours {"start":"22:00","end":"07:00","days":["MO",…]?}, inboxOnTime, defaultLead ("15m"), digest {"mode":"tick"} or {"mode":"daily","at":"08:00"}.',
      access: 'user',
      tag: 'profile',
      requestBody: {
        name: 'UpdateProfileBody',
        command: UpdateRecipientProfile,
        fromPath: ['recipientId'],
      },
      responses: {
        200: { description: 'The profile after the change.', schema: ref('RecipientProfile') },
      },
      errorStatuses: [400],
      handle: async ({ app, params, body }) => {
        const payload = commandPayload(
          UpdateRecipientProfile.type,
          body,
          recipientFromPath(params),
        );
        const view = await app.bus.dispatchPlain(UpdateRecipientProfile.type, payload);
        return { status: 200, body: toHttpView(view as RecipientProfileView) };
      },
    },
  ];
}
