import { type BenchResults } from '../results.types';
import { spreadOf } from '../stats';

/** A Vega-Lite specification (plain JSON). */
export type VegaLiteSpec = Record<string, unknown>;

export interface ThroughputDatum {
  system: string;
  workload: string;
  perSec: number;
  min: number;
  max: number;
}

/** Median, min and max throughput per system and workload. */
export function throughputData(results: BenchResults): ThroughputDatum[] {
  const data: ThroughputDatum[] = [];
  for (const s of results.systems) {
    const series: [string, number[]][] = [
      ['enqueue one per call', (s.enqueueOne ?? []).map((r) => r.perSec)],
      ['enqueue bulk', (s.enqueueBulk ?? []).map((r) => r.perSec)],
      ['drain', (s.drain ?? []).map((r) => r.perSec)],
    ];
    for (const [workload, values] of series) {
      const spread = spreadOf(values);
      if (spread) {
        data.push({
          system: s.label,
          workload,
          perSec: spread.median,
          min: spread.min,
          max: spread.max,
        });
      }
    }
  }
  return data;
}

/** Horizontal bars per system, one panel per workload, log scale (the systems span 4 orders of magnitude). */
export function throughputSpec(results: BenchResults): VegaLiteSpec {
  const order = results.systems.map((s) => s.label);
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: {
      text: `Throughput, items per second (${results.config.mode} run, median with min–max)`,
      anchor: 'start',
    },
    data: { values: throughputData(results) },
    facet: {
      row: {
        field: 'workload',
        type: 'nominal',
        title: null,
        sort: ['enqueue one per call', 'enqueue bulk', 'drain'],
      },
    },
    spec: {
      width: 520,
      height: { step: 16 },
      layer: [
        {
          mark: { type: 'bar' },
          encoding: {
            y: { field: 'system', type: 'nominal', sort: order, title: null },
            x: {
              field: 'perSec',
              type: 'quantitative',
              scale: { type: 'log' },
              stack: null,
              title: 'items/s (log scale)',
            },
            color: { field: 'system', type: 'nominal', sort: order, legend: null },
          },
        },
        {
          mark: { type: 'rule', color: 'black' },
          encoding: {
            y: { field: 'system', type: 'nominal', sort: order },
            x: { field: 'min', type: 'quantitative', scale: { type: 'log' } },
            x2: { field: 'max' },
          },
        },
        {
          mark: { type: 'text', align: 'left', dx: 4, fontSize: 10 },
          encoding: {
            y: { field: 'system', type: 'nominal', sort: order },
            x: { field: 'max', type: 'quantitative', scale: { type: 'log' } },
            text: { field: 'perSec', type: 'quantitative', format: '.3~s' },
          },
        },
      ],
    },
  };
}

/** Every lateness sample of the first repetition, per system, as points with a box per system. */
export function latenessSpec(results: BenchResults): VegaLiteSpec {
  const values: { system: string; latenessMs: number }[] = [];
  for (const s of results.systems) {
    for (const v of s.latenessSamples ?? []) {
      // Clamp at 0.01 ms for the log scale (a sample can be a hair early by timer rounding).
      values.push({ system: s.label, latenessMs: Math.max(0.01, v) });
    }
  }
  const order = results.systems
    .filter((s) => (s.latenessSamples ?? []).length > 0)
    .map((s) => s.label);
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: {
      text: `Lateness, observed − scheduled (${results.config.latenessN} items over ${results.config.latenessSpreadMs / 1000} s, first repetition)`,
      anchor: 'start',
    },
    width: 560,
    height: { step: 34 },
    data: { values },
    layer: [
      {
        mark: { type: 'tick', opacity: 0.25, thickness: 1 },
        encoding: {
          y: { field: 'system', type: 'nominal', sort: order, title: null },
          x: {
            field: 'latenessMs',
            type: 'quantitative',
            scale: { type: 'log' },
            title: 'ms (log scale)',
          },
          color: { field: 'system', type: 'nominal', sort: order, legend: null },
        },
      },
      {
        mark: { type: 'boxplot', extent: 'min-max', size: 14, opacity: 0.5 },
        encoding: {
          y: { field: 'system', type: 'nominal', sort: order },
          x: { field: 'latenessMs', type: 'quantitative' },
          color: { value: 'black' },
        },
      },
    ],
  };
}
