import { ContainerModule } from 'inversify';
import { BoundedContext } from '@tickler/core';
import { createAuthUserTokens } from './2026_11_30_0700_create_auth_user_tokens';
import { IssueUserTokenHandler } from './issue-user-token.handler';
import { UserTokenStore } from './user-token.store';

/** The daemon's own tiny context: user tokens, in the same database file as everything else. */
export function authContext(): BoundedContext {
  return BoundedContext.create({
    name: 'auth',
    migrations: { '2026_11_30_0700_create_auth_user_tokens': createAuthUserTokens },
    bindings: new ContainerModule(({ bind }) => {
      bind(UserTokenStore).toSelf().inSingletonScope();
    }),
    commands: [IssueUserTokenHandler],
  });
}
