import { buildProjects } from './build-once';

// CLI tests run the built `tickler` against the built daemon: build both first.
export default async function globalSetup(): Promise<void> {
  await buildProjects(['apps/daemon/tsconfig.lib.json', 'apps/cli/tsconfig.lib.json']);
}
