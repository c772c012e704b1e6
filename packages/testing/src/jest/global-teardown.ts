import { endE2eRun } from '../e2e-run';

/** The e2e global teardown: removes the run's temp root (see `global-setup.ts`). */
export default function globalTeardown(): void {
  endE2eRun();
}
