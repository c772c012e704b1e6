import { type Principal } from './principal';
import { hashToken, sameSecret } from './token-secret';
import { type UserTokenStore } from './user-token.store';

/** Resolves a bearer token to a principal: the admin token first, then issued user tokens. */
export class Authenticator {
  constructor(
    private readonly adminToken: string,
    private readonly users: UserTokenStore,
  ) {}

  /** The principal of an `Authorization` header, or undefined when missing or unknown. */
  async principalOf(authorization: string | undefined): Promise<Principal | undefined> {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
    const token = match?.[1];
    if (!token) {
      return undefined;
    }
    if (sameSecret(token, this.adminToken)) {
      return { kind: 'admin' };
    }
    const userId = await this.users.userOf(hashToken(token));
    return userId === undefined ? undefined : { kind: 'user', userId };
  }
}
