import { inject, injectable } from 'inversify';
import { CORE_TOKENS, type Database } from '@tickler/core';
import { type Scope } from '../application/ports/scope';
import {
  type UserTokenRecord,
  type UserTokenRepository,
} from '../application/ports/user-token.repository';
import { KyselyUserTokenRepository, type TokenHolder } from './kysely-user-token.repository';

/** Most tokens remembered at once; past it the oldest is forgotten. */
export const MAX_REMEMBERED_TOKENS = 1024;

/**
 * The user-token repository with the tokens it found live remembered, on SQLite. Every
 * authenticated request looks its token up, and on SQLite that query waits for kysely's one
 * connection, which a grouped send's transaction holds while other requests arrive
 * (docs/benchmarks.md, "HTTP scheduling").
 *
 * What a remembered token may not outlive:
 * - its expiry, checked against the stored `expires_at` on every use;
 * - a revocation in this process: `remove` forgets every remembered token before its DELETE,
 *   and a lookup that was under way then does not store what it read (a generation count);
 * - any commit by another connection or process (e.g. a revocation through another daemon on
 *   the same file): SQLite's `data_version` moves, and every remembered token is forgotten
 *   before a lookup of the next turn of the event loop is answered (the value is read once per
 *   turn; a request sent after that commit was acknowledged is read in a later turn).
 *
 * So a revoked token is refused on its next use, as with a query per request. Only tokens
 * found live are kept: an unknown token is looked up every time (a new token works at once, and
 * guesses cannot fill the memory). On PostgreSQL there is no `data_version`, so nothing is
 * remembered and every lookup is a query.
 */
@injectable()
export class CachedUserTokenRepository implements UserTokenRepository {
  private readonly stored = new KyselyUserTokenRepository();
  private readonly remembered = new Map<string, TokenHolder>();
  /** The `data_version` the remembered tokens were read at. */
  private seenVersion: number | undefined;
  /** Bumped by every local removal: a lookup that straddles one stores nothing. */
  private generation = 0;
  /** `data_version` as read in this turn of the event loop; cleared by `setImmediate`. */
  private versionThisTurn: number | undefined;

  constructor(
    @inject(CORE_TOKENS.Database) private readonly database: Pick<Database, 'dataVersion'>,
  ) {}

  add(scope: Scope, record: UserTokenRecord): Promise<void> {
    return this.stored.add(scope, record);
  }

  async userOf(scope: Scope, tokenHash: string, now: string): Promise<string | undefined> {
    const version = this.currentVersion();
    if (version === undefined) {
      return this.stored.userOf(scope, tokenHash, now);
    }
    if (version !== this.seenVersion) {
      this.remembered.clear();
      this.seenVersion = version;
    }
    const known = this.remembered.get(tokenHash);
    if (known !== undefined) {
      if (known.expiresAt === null || known.expiresAt > now) {
        return known.userId;
      }
      this.remembered.delete(tokenHash);
    }
    const generation = this.generation;
    const holder = await this.stored.holderOf(scope, tokenHash, now);
    if (holder !== undefined && generation === this.generation && version === this.seenVersion) {
      this.remember(tokenHash, holder);
    }
    return holder?.userId;
  }

  live(scope: Scope, tokenHash: string, now: string): Promise<UserTokenRecord | undefined> {
    return this.stored.live(scope, tokenHash, now);
  }

  list(scope: Scope, userId: string): Promise<UserTokenRecord[]> {
    return this.stored.list(scope, userId);
  }

  remove(scope: Scope, userId: string, id: string): Promise<boolean> {
    // Before the DELETE: from here on every lookup queries, and on SQLite that query waits for
    // the revoking transaction (it holds the one connection), so it reads the committed result.
    this.remembered.clear();
    this.generation++;
    return this.stored.remove(scope, userId, id);
  }

  /**
   * undefined: nothing may be remembered (PostgreSQL, or the counter could not be read). Read
   * once per turn of the event loop: outside a transaction the pragma opens a read transaction
   * (~11 µs here, as much as the lookup it saves), and the requests Node reads in one turn were
   * all received before it began, so another process's commit is seen by every request read
   * after the turn in which it happened.
   */
  private currentVersion(): number | undefined {
    if (this.versionThisTurn !== undefined) {
      return this.versionThisTurn;
    }
    if (this.database.dataVersion === undefined) {
      return undefined;
    }
    try {
      this.versionThisTurn = this.database.dataVersion();
    } catch {
      // e.g. the connection is busy iterating a statement: fall back to the query.
      return undefined;
    }
    setImmediate(() => {
      this.versionThisTurn = undefined;
    });
    return this.versionThisTurn;
  }

  private remember(tokenHash: string, holder: TokenHolder): void {
    if (this.remembered.size >= MAX_REMEMBERED_TOKENS) {
      const oldest = this.remembered.keys().next();
      if (!oldest.done) {
        this.remembered.delete(oldest.value);
      }
    }
    this.remembered.set(tokenHash, holder);
  }
}
