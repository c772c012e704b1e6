import { IssueUserToken, ListUserTokens, RevokeUserToken } from '@tickler/auth';
import { commandPayload } from '../command-payload';
import { ref } from '../contract/command-schemas';
import { type RouteSpec } from '../route';

const TOKENS = '/v1/users/{userId}/tokens';

/** The admin issues, lists and revokes user tokens. */
export function tokenRoutes(): RouteSpec[] {
  return [
    {
      method: 'POST',
      path: TOKENS,
      operationId: 'issueUserToken',
      summary:
        'Issue a bearer token that reaches only /v1/users/{userId}/… (shown once), optionally until expiresAt.',
      access: 'admin',
      tag: 'auth',
      requestBody: { name: 'IssueUserTokenBody', command: IssueUserToken, fromPath: ['userId'] },
      secret: true,
      responses: {
        201: { description: 'The new token and its id.', schema: ref('IssuedUserToken') },
      },
      errorStatuses: [400],
      handle: async ({ app, params, body }) => {
        const result = await app.bus.dispatchPlain(
          IssueUserToken.type,
          commandPayload(IssueUserToken.type, body, { userId: params.userId ?? '' }),
        );
        return { status: 201, body: result };
      },
    },
    {
      method: 'GET',
      path: TOKENS,
      operationId: 'listUserTokens',
      summary: "The user's tokens: ids, creation and expiry, never the tokens themselves.",
      access: 'admin',
      tag: 'auth',
      secret: true,
      responses: {
        200: { description: 'All of them, oldest first.', schema: ref('UserTokenList') },
      },
      errorStatuses: [400],
      handle: async ({ app, params }) => ({
        status: 200,
        body: await app.bus.dispatchPlain(ListUserTokens.type, { userId: params.userId ?? '' }),
      }),
    },
    {
      method: 'DELETE',
      path: `${TOKENS}/{tokenId}`,
      operationId: 'revokeUserToken',
      summary: 'Revoke a user token: the next request with it is 401.',
      access: 'admin',
      tag: 'auth',
      secret: true,
      responses: { 204: { description: 'Revoked.' } },
      errorStatuses: [400, 404],
      handle: async ({ app, params }) => {
        await app.bus.dispatchPlain(RevokeUserToken.type, {
          userId: params.userId ?? '',
          tokenId: params.tokenId ?? '',
        });
        return { status: 204 };
      },
    },
  ];
}
