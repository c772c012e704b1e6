import { type SystemId, type WorkloadName, WORKLOADS } from './bench.types';
import { SYSTEMS } from './systems/system-registry';

/** Command-line options of `npm run bench`. */
export interface BenchOptions {
  quick: boolean;
  /** Systems to run (all when `--only` is absent). */
  systems: SystemId[];
  workloads: WorkloadName[];
  /** Repetitions override (`--reps`). */
  reps?: number;
  /** Write docs/benchmarks.md, the SVG plots and latest.json: default for a full run, `--docs` for a quick one. */
  docs: boolean;
  /** `--report <results.json>`: run nothing; re-render docs/benchmarks.md and the plots from a saved run. */
  report?: string;
}

export class BenchUsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BenchUsageError';
  }
}

function list<T extends string>(
  value: string | undefined,
  allowed: readonly T[],
  flag: string,
): T[] {
  if (value === undefined) {
    throw new BenchUsageError(
      `${flag} needs a value: one or more of ${allowed.join(', ')} (comma-separated)`,
    );
  }
  const items = value.split(',').map((s) => s.trim());
  for (const item of items) {
    if (!allowed.includes(item as T)) {
      throw new BenchUsageError(`${flag}: unknown "${item}"; expected ${allowed.join(', ')}`);
    }
  }
  return items as T[];
}

/**
 * Parses `--quick`, `--only <system[,system]>` (a base name such as `bullmq` also selects its
 * tuned variant), `--workload <name[,name]>`, `--reps <n>`, `--docs` / `--no-docs`, `--report <file>`.
 */
export function parseBenchArgs(argv: readonly string[]): BenchOptions {
  const options: BenchOptions = {
    quick: false,
    systems: [...SYSTEMS],
    workloads: [...WORKLOADS],
    docs: true,
  };
  let docs: boolean | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    switch (arg) {
      case '--quick':
        options.quick = true;
        break;
      case '--no-docs':
        docs = false;
        break;
      case '--docs':
        docs = true;
        break;
      case '--only': {
        const names = list(argv[++i], [...SYSTEMS], '--only');
        options.systems = SYSTEMS.filter((s) => names.some((n) => s === n || s === `${n}-tuned`));
        break;
      }
      case '--workload':
        options.workloads = list(argv[++i], WORKLOADS, '--workload');
        break;
      case '--reps': {
        const n = Number(argv[++i]);
        if (!Number.isInteger(n) || n < 1) {
          throw new BenchUsageError('--reps needs a whole number ≥ 1');
        }
        options.reps = n;
        break;
      }
      case '--report': {
        const file = argv[++i];
        if (file === undefined) {
          throw new BenchUsageError(
            '--report needs the path of a results JSON (e.g. tools/bench/results/latest.json)',
          );
        }
        options.report = file;
        break;
      }
      default:
        throw new BenchUsageError(
          `unknown argument "${arg}"; use --quick, --only, --workload, --reps, --docs, --no-docs, --report <file>`,
        );
    }
  }
  // A filtered run is for iteration: it never replaces the published figures unless asked.
  const filtered =
    options.systems.length !== SYSTEMS.length || options.workloads.length !== WORKLOADS.length;
  options.docs = docs ?? (!options.quick && !filtered);
  return options;
}
