#!/usr/bin/env node
import { embeddedImportWorker, embeddedSqliteModule } from './embedded-workers';
import { SIDECAR_USAGE, sidecarCommandOf } from './sidecar-command';

/**
 * The entry of the packaged executable (`tickler-daemon-<target triple>`). With no argument it
 * is the daemon, started the way docs/sidecar.md describes; `cli …` is the `tickler` CLI.
 * Each side is loaded only when chosen, so the daemon's start-up never parses the CLI.
 */
async function main(argv: readonly string[]): Promise<void> {
  const command = sidecarCommandOf(argv);
  switch (command.kind) {
    case 'daemon': {
      // One bundle has no worker file beside the calendar code: its import worker is embedded.
      const { runDaemon, useCheckpointWorker, useImportWorkerSource } =
        await import('@tickler/daemon');
      const worker = embeddedImportWorker();
      if (worker) {
        await useImportWorkerSource(worker);
      }
      // Nor a file of better-sqlite3 for the WAL checkpoint thread: its own bundle is embedded.
      const sqlite = embeddedSqliteModule();
      if (sqlite) {
        await useCheckpointWorker(sqlite);
      }
      await runDaemon();
      return;
    }
    case 'migrate': {
      const { runMigrate } = await import('@tickler/daemon');
      await runMigrate(command.words);
      return;
    }
    case 'cli': {
      const { runCli } = await import('@tickler/cli');
      await runCli(command.argv);
      return;
    }
    case 'version':
      process.stdout.write(`${command.text}\n`);
      return;
    case 'help':
      process.stdout.write(SIDECAR_USAGE);
      return;
    case 'unknown':
      process.stderr.write(`tickler-daemon: unknown command "${command.word}"\n${SIDECAR_USAGE}`);
      process.exitCode = 2;
      return;
  }
}

void main(process.argv);
