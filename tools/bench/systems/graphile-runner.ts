import { EventEmitter } from 'node:events';
import { importPeer, requirePeer } from '../peer-modules';
import { countOp } from './op-counter';
import { type GraphileModule, type GraphileRunner, type GraphileWorkerPool } from './peer-types';

/**
 * How the benches drive graphile-worker 0.18 (tools/bench/peers): one task with a no-op handler,
 * started with `run()`. Shared by the main bench's Graphile Worker system and the `--postgres`
 * bench's Graphile peer.
 */

/** The one task identifier every bench job carries. */
export const GRAPHILE_TASK = 'bench';

/** Loads graphile-worker from tools/bench/peers. */
export function loadGraphile(): Promise<GraphileModule> {
  return importPeer<GraphileModule>('graphile-worker');
}

/** A silent logger: one log line per job would cost more than the job. */
export function silentLogger(gw: GraphileModule): unknown {
  return new gw.Logger(() => () => undefined);
}

/** What one runner is started with; an absent setting keeps graphile-worker's default. */
export interface GraphileRunOptions {
  readonly connectionString: string;
  /** Default `graphile_worker`. */
  readonly schema?: string;
  /** Jobs run at once, one worker each; each worker polls on its own. Default 1. */
  readonly concurrency?: number;
  /** ms between a worker's polls for jobs that fell due (new due jobs arrive by NOTIFY). Default 2000. */
  readonly pollInterval?: number;
  /** Called with each job's payload: the handler's only work. */
  readonly onJob: (payload: unknown) => void;
}

/** A started runner, with its worker pool and event emitter (to watch and nudge its polls). */
export interface StartedGraphile {
  readonly runner: GraphileRunner;
  readonly pool: GraphileWorkerPool;
  readonly events: EventEmitter;
}

/** Starts a runner (it migrates its schema first, as `run()` always does). */
export async function startGraphile(options: GraphileRunOptions): Promise<StartedGraphile> {
  const gw = await loadGraphile();
  // Our own emitter, so the pool's `pool:create` event (emitted inside `run()`) is seen.
  const events = new EventEmitter();
  let pool: GraphileWorkerPool | undefined;
  events.on('pool:create', (event: { workerPool: GraphileWorkerPool }) => {
    pool = event.workerPool;
  });
  const runner = await gw.run({
    connectionString: options.connectionString,
    ...(options.schema === undefined ? {} : { schema: options.schema }),
    ...(options.concurrency === undefined ? {} : { concurrency: options.concurrency }),
    ...(options.pollInterval === undefined ? {} : { pollInterval: options.pollInterval }),
    // The bench's child process owns its signals and exit.
    noHandleSignals: true,
    logger: silentLogger(gw),
    events,
    taskList: {
      [GRAPHILE_TASK]: (payload) => {
        options.onJob(payload);
        return Promise.resolve();
      },
    },
  });
  if (pool === undefined) {
    await runner.stop();
    throw new Error('graphile-worker run() emitted no pool:create event');
  }
  return { runner, pool, events };
}

let counting = false;

/**
 * Counts every statement graphile-worker sends, at the client: wraps `query` of the `Client` class
 * of tools/bench/peers' `pg` (graphile-worker's own copy: the lock file holds no nested one), through
 * which its pool, its LISTEN connection and `WorkerUtils` all query. The bench's admin client uses
 * the workspace's `pg`, another module instance, so its probes are not counted.
 */
export function countGraphileQueries(): void {
  if (counting) {
    return;
  }
  counting = true;
  const proto = requirePeer<{ Client: { prototype: Record<string, unknown> } }>('pg').Client
    .prototype;
  const query = proto.query as (...args: unknown[]) => unknown;
  proto.query = function (this: unknown, ...args: unknown[]): unknown {
    countOp();
    return query.apply(this, args);
  };
}
