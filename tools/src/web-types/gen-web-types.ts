import fs from 'node:fs';
import path from 'node:path';
import * as prettier from 'prettier';
import { openApiDocument } from '@tickler/daemon';
import { declarationsOf, WEB_TYPES_FILE } from './openapi-to-ts';

const root = path.resolve(__dirname, '../../..');

/** What the generator writes: the daemon's view and body schemas as TypeScript, formatted. */
export async function webTypesSource(): Promise<string> {
  const file = path.join(root, WEB_TYPES_FILE);
  const text = declarationsOf(await openApiDocument(), 'tools/src/web-types/gen-web-types.ts');
  const options = (await prettier.resolveConfig(file)) ?? {};
  return prettier.format(text, { ...options, filepath: file });
}

/**
 * `npm run gen:web-types`: writes {@link WEB_TYPES_FILE}. With `--check` it writes nothing and
 * exits 1 when the committed file differs from what it would write (the test runs this).
 */
async function main(check: boolean): Promise<void> {
  const file = path.join(root, WEB_TYPES_FILE);
  const source = await webTypesSource();
  if (!check) {
    fs.writeFileSync(file, source);
    process.stdout.write(`wrote ${WEB_TYPES_FILE}\n`);
  } else if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== source) {
    process.stderr.write(`${WEB_TYPES_FILE} is stale: run npm run gen:web-types\n`);
    process.exitCode = 1;
  }
}

if (require.main === module) {
  void main(process.argv.includes('--check'));
}
