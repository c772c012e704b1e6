import { type Kysely, sql } from 'kysely';

/** Where a table keeps its claims: the columns `holdersIn` and `expireClaimsIn` work on. */
export interface ClaimedTable {
  /** Table name (a fixed identifier, never input). */
  readonly table: string;
  /** The status of a claimed row (`running`, `sending`), written as a literal so a partial index on it is used. */
  readonly claimedStatus: string;
  /** The column holding the lease expiry while claimed. */
  readonly leaseColumn: string;
  /** The column holding the instant the claimed work was meant for (its place in line). */
  readonly meantForColumn: string;
}

/** The instances holding claims in `table` (distinct; reads the claimed rows only). */
export async function holdersIn(db: Kysely<unknown>, table: ClaimedTable): Promise<string[]> {
  const { rows } = await sql<{ claimed_by: string }>`
    select distinct claimed_by from ${sql.table(table.table)}
    where status = ${sql.lit(table.claimedStatus)} and claimed_by is not null`.execute(db);
  return rows.map((r) => r.claimed_by);
}

/**
 * Ends the lease of every claim `instances` hold in `table`: the lease column moves back to the
 * instant the work was meant for (never later than `now`), so the next look takes them as
 * expired, in their old place in line. Only leases still running move. Returns how many.
 */
export async function expireClaimsIn(
  db: Kysely<unknown>,
  table: ClaimedTable,
  instances: readonly string[],
  now: string,
): Promise<number> {
  if (instances.length === 0) {
    return 0;
  }
  const lease = sql.ref(table.leaseColumn);
  const meantFor = sql.ref(table.meantForColumn);
  const result = await sql`
    update ${sql.table(table.table)}
    set ${lease} = case when ${meantFor} < ${now} then ${meantFor} else ${now} end,
        updated_at = ${now}
    where status = ${sql.lit(table.claimedStatus)}
      and claimed_by in (${sql.join(instances)})
      and ${lease} > ${now}`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
