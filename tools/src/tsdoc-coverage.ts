// Counts exported declarations with and without a TSDoc comment in each workspace package.
// Usage (after `npm run build`): node tools/dist/src/tsdoc-coverage.js [--missing] [root]
// `--missing` also lists every undocumented declaration as `file:line name`.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** One exported top-level declaration of a source file. */
export interface ExportedDeclaration {
  readonly file: string;
  readonly line: number;
  readonly name: string;
  readonly documented: boolean;
}

/** The count for one package. */
export interface PackageCoverage {
  readonly name: string;
  readonly declarations: readonly ExportedDeclaration[];
}

function isExported(node: ts.Node): boolean {
  return (
    ts.canHaveModifiers(node) &&
    (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
  );
}

/** A `/** … *\/` block directly before the declaration (TS attaches it as `jsDoc`). */
function hasTsDoc(node: ts.Node): boolean {
  return ts.getJSDocCommentsAndTags(node).some((doc) => ts.isJSDoc(doc));
}

function namesOf(statement: ts.Statement): string[] {
  if (ts.isVariableStatement(statement)) {
    return statement.declarationList.declarations.map((d) => d.name.getText());
  }
  const named = statement as ts.Statement & { name?: ts.Node };
  return named.name ? [named.name.getText()] : ['default'];
}

/**
 * The exported declarations of one file: functions, classes, interfaces, types, enums and
 * variables declared with `export`. Re-exports (`export { x } from`) are not declarations and
 * are counted where they are declared.
 */
export function exportedDeclarations(file: string, text: string): ExportedDeclaration[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
  const out: ExportedDeclaration[] = [];
  for (const statement of source.statements) {
    if (!isExported(statement) || ts.isExportDeclaration(statement)) {
      continue;
    }
    const line = source.getLineAndCharacterOfPosition(statement.getStart()).line + 1;
    for (const name of namesOf(statement)) {
      out.push({ file, line, name, documented: hasTsDoc(statement) });
    }
  }
  return out;
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      out.push(...sourceFiles(full));
    } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts')) {
      out.push(full);
    }
  }
  return out.sort();
}

/** Every package under `<root>/packages/*` with a `src` folder (spec files left out). */
export function packageCoverage(root: string): PackageCoverage[] {
  const packagesDir = path.join(root, 'packages');
  return fs
    .readdirSync(packagesDir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && fs.existsSync(path.join(packagesDir, d.name, 'src')))
    .map((d) => ({
      name: d.name,
      declarations: sourceFiles(path.join(packagesDir, d.name, 'src')).flatMap((file) =>
        exportedDeclarations(path.relative(root, file), fs.readFileSync(file, 'utf8')),
      ),
    }));
}

function percent(part: number, whole: number): string {
  return whole === 0 ? '100.0' : ((100 * part) / whole).toFixed(1);
}

/** The table `npm run build && node tools/dist/src/tsdoc-coverage.js` prints. */
export function report(packages: readonly PackageCoverage[], listMissing: boolean): string {
  const lines = [
    '| package | exported | with TSDoc | without | covered |',
    '| --- | --- | --- | --- | --- |',
  ];
  let all = 0;
  let documented = 0;
  for (const p of packages) {
    const done = p.declarations.filter((d) => d.documented).length;
    all += p.declarations.length;
    documented += done;
    lines.push(
      `| ${p.name} | ${p.declarations.length} | ${done} | ${p.declarations.length - done} | ${percent(done, p.declarations.length)} % |`,
    );
  }
  lines.push(
    `| all | ${all} | ${documented} | ${all - documented} | ${percent(documented, all)} % |`,
  );
  if (listMissing) {
    for (const d of packages.flatMap((p) => p.declarations).filter((x) => !x.documented)) {
      lines.push(`${d.file}:${d.line} ${d.name}`);
    }
  }
  return lines.join('\n');
}

if (require.main === module) {
  const args = process.argv.slice(2);
  const root = args.find((a) => !a.startsWith('--')) ?? process.cwd();
  process.stdout.write(`${report(packageCoverage(root), args.includes('--missing'))}\n`);
}
