import { type VegaLiteSpec } from './plot-specs';

/**
 * Renders a Vega-Lite spec to SVG headless (no browser): vega-lite compiles it to Vega, vega's
 * View renders it. Both are ESM-only; a dynamic import() stays one in this CommonJS output.
 */
export async function renderSvg(spec: VegaLiteSpec): Promise<string> {
  const vegaLite = await import('vega-lite');
  const vega = await import('vega');
  const compiled = vegaLite.compile(spec as unknown as Parameters<typeof vegaLite.compile>[0]).spec;
  const view = new vega.View(vega.parse(compiled), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}
