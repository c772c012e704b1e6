import { type Database } from '@tickler/core';

/** Deliveries per status, counted in the database (wired once the notifications tables exist). */
export function countDeliveriesByStatus(_database: Database): Promise<Record<string, number>> {
  return Promise.resolve({});
}
