import fs from 'node:fs';
import path from 'node:path';

/**
 * The workspace root (the folder holding `nx.json`), found by walking up from `from`: the same
 * code runs from a package's sources under jest and from its `dist` folder when built.
 */
export function repoRoot(from: string = __dirname): string {
  let dir = path.resolve(from);
  while (!fs.existsSync(path.join(dir, 'nx.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) {
      throw new Error(`no nx.json above ${from}`);
    }
    dir = parent;
  }
  return dir;
}
