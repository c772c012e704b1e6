import { type UnitOfWork } from '@tickler/core';

/** The part of the kernel's unit of work handlers use (a fake in unit tests). */
export type TransactionRunner = Pick<UnitOfWork, 'run' | 'active'>;
