import { type UserTokenRecord } from './ports/user-token.repository';

/** A user token as lists show it: never the token, never its hash. */
export interface UserTokenView {
  id: string;
  userId: string;
  createdAt: string;
  /** Null = never expires. */
  expiresAt: string | null;
  /** Expired at the moment of the answer (it no longer authenticates). */
  expired: boolean;
}

/** The view of a stored token at `now` (ISO UTC). */
export function toUserTokenView(record: UserTokenRecord, now: string): UserTokenView {
  return {
    id: record.id,
    userId: record.userId,
    createdAt: record.createdAt,
    expiresAt: record.expiresAt,
    expired: record.expiresAt !== null && record.expiresAt <= now,
  };
}
