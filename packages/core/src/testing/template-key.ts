import { createHash } from 'node:crypto';
import { type BoundedContext } from '../context/bounded-context';
import { coreMigrations } from '../core.migrations';
import { type MigrationSet } from '../database/migrations';

// What the test templates of both back ends (schema-template.ts, sqlite-template.ts) are keyed
// by, and where a run shares them between its jest workers.

/** Where the run's templates are shared between jest workers (set by jest.preset.js). */
const TEMPLATE_DIR_ENV = 'TICKLER_TEST_PG_TEMPLATES';

/** The run's folder of templates, when the run has one. */
export function templateDir(): string | undefined {
  return process.env[TEMPLATE_DIR_ENV];
}

/** The migration sets an app with `contexts` runs: the kernel's first, as Application.create does. */
export function migrationSets(contexts: readonly BoundedContext[]): [string, MigrationSet][] {
  return [
    ['shared', coreMigrations],
    ...contexts.map((context): [string, MigrationSet] => [
      context.name,
      context.definition.migrations,
    ]),
  ];
}

/** One key per set of contexts and migrations (their names and code). */
export function templateKey(sets: [string, MigrationSet][]): string {
  const hash = createHash('sha256');
  for (const [context, migrations] of sets) {
    hash.update(`${context}\n`);
    for (const name of Object.keys(migrations).sort()) {
      hash.update(`${name}\n${migrations[name]?.up.toString() ?? ''}\n`);
    }
  }
  return hash.digest('hex').slice(0, 16);
}
