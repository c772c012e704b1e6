import { type Transaction } from '@tickler/core';

/**
 * Where a repository runs its statements: an open transaction (`tx`) or, for plain reads, the
 * database itself. Repositories use it per call and never keep it.
 */
export type Scope = Pick<Transaction, 'db'>;
