import { importPeer } from '../peer-modules';
import { type VegaLiteModule, type VegaModule } from '../systems/peer-types';
import { type VegaLiteSpec } from './plot-specs';

/**
 * Renders a Vega-Lite spec to SVG headless (no browser): vega-lite compiles it to Vega, vega's
 * View renders it. Both are ESM-only and live in the bench's peers (tools/bench/peers).
 */
export async function renderSvg(spec: VegaLiteSpec): Promise<string> {
  const vegaLite = await importPeer<VegaLiteModule>('vega-lite');
  const vega = await importPeer<VegaModule>('vega');
  const compiled = vegaLite.compile(spec).spec;
  const view = new vega.View(vega.parse(compiled), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}
