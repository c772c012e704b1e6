import { inject, injectable } from 'inversify';
import { type Kysely } from 'kysely';
import {
  BoundedContext,
  type Clock,
  Command,
  type CommandHandler,
  CORE_TOKENS,
  tablesOf,
  toIsoUtc,
  type UnitOfWork,
} from '@tickler/core';

/** `probe_runs`: one row per run of a probe job, written in the run's own transaction. */
export interface ProbeTables {
  probe_runs: {
    /** The job's command type. */
    job: string;
    /** Clock instant of the run (ISO UTC). */
    ran_at: string;
  };
}

/** Runs every 15 minutes. */
export class QuarterHourProbe extends Command<void> {
  static readonly type = 'probe.quarter-hour';
}

/** Runs at 09:00 Berlin time every day (a cron job across DST). */
export class DailyProbe extends Command<void> {
  static readonly type = 'probe.daily';
}

async function recordRun(uow: UnitOfWork, clock: Clock, job: string): Promise<void> {
  await uow.run((tx) =>
    tablesOf<ProbeTables>(tx.db)
      .insertInto('probe_runs')
      .values({ job, ran_at: toIsoUtc(clock.now()) })
      .execute(),
  );
}

@injectable()
export class QuarterHourProbeHandler implements CommandHandler<QuarterHourProbe> {
  static readonly handles = QuarterHourProbe;
  constructor(
    @inject(CORE_TOKENS.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(CORE_TOKENS.Clock) private readonly clock: Clock,
  ) {}
  execute(): Promise<void> {
    return recordRun(this.uow, this.clock, QuarterHourProbe.type);
  }
}

@injectable()
export class DailyProbeHandler implements CommandHandler<DailyProbe> {
  static readonly handles = DailyProbe;
  constructor(
    @inject(CORE_TOKENS.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(CORE_TOKENS.Clock) private readonly clock: Clock,
  ) {}
  execute(): Promise<void> {
    return recordRun(this.uow, this.clock, DailyProbe.type);
  }
}

/** Cadence of {@link QuarterHourProbe}, in ms. */
export const QUARTER_HOUR_MS = 15 * 60_000;

/**
 * A context whose only content is two repeatable jobs that write down when they ran: the
 * durable record the downtime and clock-jump scenarios count runs from.
 */
export function probeJobsContext(): BoundedContext {
  return BoundedContext.create({
    name: 'probe',
    migrations: {
      '2026_11_30_0900_create_probe_runs': {
        async up(db: Kysely<unknown>): Promise<void> {
          await db.schema
            .createTable('probe_runs')
            .addColumn('job', 'text', (c) => c.notNull())
            .addColumn('ran_at', 'text', (c) => c.notNull())
            .execute();
        },
      },
    },
    jobs: [
      { handler: QuarterHourProbeHandler, repeat: { every: QUARTER_HOUR_MS } },
      { handler: DailyProbeHandler, repeat: { cron: '0 9 * * *', tz: 'Europe/Berlin' } },
    ],
  });
}

/** Probe runs per job, from the file. */
export async function probeRunCounts(db: Kysely<unknown>): Promise<Record<string, number>> {
  const rows = await tablesOf<ProbeTables>(db)
    .selectFrom('probe_runs')
    .select(['job', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('job')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.job, Number(r.n)]));
}
