import { parseBenchArgs } from './cli-options';
import { peersSection, spliceSection } from './report/markdown-report';
import { latenessSpec, throughputData } from './report/plot-specs';
import { type BenchResults } from './results.types';
import { benchConfig } from './bench-config';
import { formatSpread, latenessSummary, quantile, spreadOf } from './stats';

function results(): BenchResults {
  const run = (perSec: number) => ({ perSec, done: 10, elapsedMs: 1, complete: true });
  return {
    startedAt: '2026-11-30T00:00:00.000Z',
    finishedAt: '2026-11-30T00:01:00.000Z',
    durationSec: 60,
    command: 'npm run bench -- --quick',
    config: benchConfig(true),
    machine: { nproc: 2, cpuModel: 'cpu', memoryGiB: 24, node: 'v20', os: 'Linux' },
    versions: { plainjob: '0.0.14' },
    systems: [
      {
        system: 'raw',
        label: 'raw better-sqlite3',
        settings: 's',
        status: 'ok',
        notes: [],
        drain: [run(100), run(120), run(110)],
        latenessSamples: [1, 2, -0.5],
      },
      {
        system: 'raw-inbox',
        label: 'raw better-sqlite3 (inbox equivalent)',
        settings: 's',
        status: 'ok',
        notes: [],
        drain: [run(66)],
      },
      {
        system: 'tickler',
        label: 'Tickler',
        settings: 's',
        status: 'ok',
        notes: [],
        drain: [run(33)],
        restartMs: [900],
      },
      {
        system: 'bullmq',
        label: 'BullMQ',
        settings: 's',
        status: 'not run',
        notes: ['not run: Redis down'],
      },
    ],
  };
}

describe('bench statistics', () => {
  it('interpolates quantiles between closest ranks', () => {
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantile([5], 0.99)).toBe(5);
    expect(quantile([10, 0, 20], 1)).toBe(20);
    expect(Number.isNaN(quantile([], 0.5))).toBe(true);
  });

  it('summarises repetitions as median with min and max, ignoring missing runs', () => {
    expect(spreadOf([3, Number.NaN, 1, 2])).toEqual({ median: 2, min: 1, max: 3, n: 3 });
    expect(spreadOf([])).toBeUndefined();
    expect(formatSpread({ median: 12_345, min: 10_000, max: 15_000, n: 3 })).toBe(
      '12.3k (10.0k–15.0k)',
    );
  });

  it('reports lateness percentiles and the maximum', () => {
    const samples = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(latenessSummary(samples)).toMatchObject({ p50: 50.5, max: 100, count: 100 });
  });
});

describe('bench command line', () => {
  it('selects a system with its tuned variant and keeps filtered runs out of the docs', () => {
    const options = parseBenchArgs(['--quick', '--only', 'bullmq', '--workload', 'drain']);
    expect(options.systems).toEqual(['bullmq', 'bullmq-tuned']);
    expect(options.workloads).toEqual(['drain']);
    expect(options.docs).toBe(false);
    expect(parseBenchArgs([]).docs).toBe(true);
  });

  it('rejects unknown systems and flags with the accepted values', () => {
    expect(() => parseBenchArgs(['--only', 'sidekiq'])).toThrow(/unknown "sidekiq"/);
    expect(() => parseBenchArgs(['--fast'])).toThrow(/unknown argument/);
  });

  it('takes a results file to re-render from, and refuses --report without one', () => {
    expect(parseBenchArgs(['--report', 'tools/bench/results/latest.json']).report).toBe(
      'tools/bench/results/latest.json',
    );
    expect(parseBenchArgs([]).report).toBeUndefined();
    expect(() => parseBenchArgs(['--report'])).toThrow(/--report needs the path/);
  });
});

describe('bench report', () => {
  it('replaces only its own section and keeps the other sections of the document', () => {
    const doc =
      '# Benchmarks\n\n## Kernel queue\n\nkernel figures\n\n## Side by side with peers\n\nold\n\n## Later\n\nkept\n';
    const next = spliceSection(doc, '## Side by side with peers\n\nnew\n');
    expect(next).toContain('## Kernel queue\n\nkernel figures');
    expect(next).toContain('new');
    expect(next).not.toContain('old');
    expect(next).toContain('## Later\n\nkept');
    expect(spliceSection('', '## Side by side with peers\n')).toBe(
      '# Benchmarks\n\n## Side by side with peers\n',
    );
  });

  it('writes ratios and not-run systems into the section', () => {
    const section = peersSection(results());
    expect(section).toContain('| raw better-sqlite3 | – | – | 0.30× |');
    expect(section).toContain('| not run: Redis down |');
    expect(section).toContain('| raw better-sqlite3 (inbox equivalent) | – | – | 0.50× |');
    // Judged against the raw doing the same work; the job-queue raw's ratio is printed alongside.
    expect(section).toContain(
      '| drain ≥ 40 % of raw (inbox equivalent) | 50 % (job-queue raw: 30 %) | met |',
    );
    expect(section).toContain('because it does the same work per reminder as Tickler');
  });

  it('does not judge the raw-relative targets without the inbox-equivalent raw', () => {
    const partial = results();
    partial.systems = partial.systems.filter((s) => s.system !== 'raw-inbox');
    expect(peersSection(partial)).toContain(
      '| drain ≥ 40 % of raw (inbox equivalent) | – (job-queue raw: 30 %) | not judged (the inbox-equivalent raw did not run) |',
    );
  });

  it('feeds the plots from the JSON results only', () => {
    expect(throughputData(results())).toEqual([
      { system: 'raw better-sqlite3', workload: 'drain', perSec: 110, min: 100, max: 120 },
      {
        system: 'raw better-sqlite3 (inbox equivalent)',
        workload: 'drain',
        perSec: 66,
        min: 66,
        max: 66,
      },
      { system: 'Tickler', workload: 'drain', perSec: 33, min: 33, max: 33 },
    ]);
    const values = (latenessSpec(results()).data as { values: { latenessMs: number }[] }).values;
    expect(values.map((v) => v.latenessMs)).toEqual([1, 2, 0.01]);
  });
});
