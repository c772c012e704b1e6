import fs from 'node:fs';
import * as prettier from 'prettier';

/**
 * Writes a generated Markdown document (docs/reliability.md, docs/benchmarks.md) through the
 * repository's Prettier settings, so a fresh run never leaves `prettier --check` failing in CI.
 */
export async function writeFormattedMarkdown(file: string, text: string): Promise<void> {
  const options = (await prettier.resolveConfig(file)) ?? {};
  fs.writeFileSync(file, await prettier.format(text, { ...options, filepath: file }));
}
