import { buildProjects } from './build-once';

// e2e tests run the built daemon (`node apps/daemon/dist/main.js`), so build it first.
export default async function globalSetup(): Promise<void> {
  await buildProjects(['apps/daemon/tsconfig.lib.json']);
}
