import { type Transaction, type UnitOfWork } from '@tickler/core';

/** The part of the kernel's unit of work handlers use. */
export type TransactionRunner = Pick<UnitOfWork, 'run'>;

/** Where a repository runs its statements: an open transaction, or the database for reads. */
export type Scope = Pick<Transaction, 'db'>;
