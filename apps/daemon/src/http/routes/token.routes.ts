import { IssueUserToken } from '@tickler/auth';
import { commandPayload } from '../command-payload';
import { type RouteSpec } from '../route';
import { ref } from '../contract/command-schemas';

/** Admin issues user tokens. */
export function tokenRoutes(): RouteSpec[] {
  return [
    {
      method: 'POST',
      path: '/v1/users/{userId}/tokens',
      operationId: 'issueUserToken',
      summary: 'Issue a bearer token that reaches only /v1/users/{userId}/… (shown once).',
      access: 'admin',
      tag: 'auth',
      requestBody: 'IssueUserTokenBody',
      responses: { 201: { description: 'The new token.', schema: ref('IssuedUserToken') } },
      errorStatuses: [400],
      handle: async ({ app, params, body }) => {
        const result = await app.bus.dispatchPlain(
          IssueUserToken.type,
          commandPayload(IssueUserToken.type, body, { userId: params.userId ?? '' }),
        );
        return { status: 201, body: result };
      },
    },
  ];
}
