// Public surface of the daemon: start one in this process. Its configuration (environment,
// `TICKLER_CONFIG` file) is `@tickler/config`, shared with the CLI; the server and everything
// behind it load only when a daemon is actually started.
import path from 'node:path';
import { type DaemonConfig } from '@tickler/config';
import { type ImportWorkerSource } from '@tickler/calendar/context';
import { type CheckpointWorkerModule } from '@tickler/core';
export type { RunningDaemon, StartOptions } from './start-daemon';
import { type RunningDaemon, type StartOptions } from './start-daemon';
import { DAEMON_VERSION } from './version';

/** Starts a daemon in this process (see `start-daemon.ts`); tests and the reliability suite use it. */
export async function startDaemon(
  config: DaemonConfig,
  options?: StartOptions,
): Promise<RunningDaemon> {
  const started = await import('./start-daemon.js');
  return started.startDaemon(config, options);
}
export { DAEMON_VERSION } from './version';
export { parseReadiness, type Readiness } from './lifecycle/readiness';

/** Runs the daemon process as `main.ts` does (the packaged sidecar's default command). */
export async function runDaemon(): Promise<void> {
  const process = await import('./run-daemon.js');
  return process.runDaemon();
}

/**
 * The `migrate` subcommand (`tickler-daemon migrate --from <file> --to postgres://…`): copies a
 * stopped daemon's SQLite file into PostgreSQL with this build's schema (see `run-migrate.ts`).
 */
export async function runMigrate(words: readonly string[]): Promise<void> {
  const migrate = await import('./migrate/run-migrate.js');
  return migrate.runMigrate(words);
}

/**
 * The OpenAPI document a daemon serves at `/openapi.json`, built from the same route table
 * without starting one: what `npm run gen:web-types` generates the web app's types from.
 */
export async function openApiDocument(): Promise<unknown> {
  const [{ buildOpenApi }, { allRoutes }] = await Promise.all([
    import('./http/openapi.js'),
    import('./http/routes/all-routes.js'),
  ]);
  // Neither is used to describe the routes; only their handlers read them.
  const unused = {} as Parameters<typeof allRoutes>[0];
  return buildOpenApi(allRoutes({ ...unused, version: DAEMON_VERSION }), DAEMON_VERSION);
}

export type { ImportWorkerSource } from '@tickler/calendar/context';
export type { CheckpointWorkerModule } from '@tickler/core';

/**
 * For the packaged sidecar, before {@link runDaemon}: where the SQLite WAL checkpoint thread
 * finds better-sqlite3, as one bundle carries no file of it (`useCheckpointWorker` of the
 * kernel's SQLite database).
 */
export async function useCheckpointWorker(where: () => CheckpointWorkerModule): Promise<void> {
  const core = await import('@tickler/core');
  core.useCheckpointWorker(where);
}

/**
 * For the packaged sidecar, before {@link runDaemon}: the calendar import worker's code, as
 * one bundle carries no worker file (`useImportWorkerSource` of the calendar context).
 */
export async function useImportWorkerSource(source: ImportWorkerSource): Promise<void> {
  const calendar = await import('@tickler/calendar/context');
  calendar.useImportWorkerSource(source);
}

/** The built (tsc) entry of the calendar import worker, which packaging bundles on its own. */
export function icsImportWorkerEntry(): string {
  // Called by the packaging step only, never inside the bundle (where nothing can be resolved):
  // a name, not a literal, so esbuild does not ask for the module to be made external.
  const calendarContext = '@tickler/calendar/context';
  const dist = path.dirname(require.resolve(calendarContext));
  return path.join(dist, 'infrastructure', 'ics', 'ics-import.worker.js');
}
