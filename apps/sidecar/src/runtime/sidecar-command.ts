import { DAEMON_VERSION } from '@tickler/daemon';

/** What the packaged executable was asked to do. */
export type SidecarCommand =
  | { readonly kind: 'daemon' }
  /** `argv` as the CLI expects it: the executable, the program name, then the CLI's words. */
  | { readonly kind: 'cli'; readonly argv: readonly string[] }
  /** The daemon's copy of a SQLite file into PostgreSQL (`tickler migrate` runs it). */
  | { readonly kind: 'migrate'; readonly words: readonly string[] }
  | { readonly kind: 'version'; readonly text: string }
  | { readonly kind: 'help' }
  | { readonly kind: 'unknown'; readonly word: string };

/** Printed by `--help` and after an unknown command. */
export const SIDECAR_USAGE = `Usage:
  tickler-daemon              run the daemon (configured by TICKLER_* variables; docs/sidecar.md)
  tickler-daemon cli <args>   run the tickler CLI, e.g. \`tickler-daemon cli list --daemon <url>\`
  tickler-daemon migrate --from <file> --to <postgres url>
                              copy a stopped daemon's SQLite file into PostgreSQL (tickler migrate)
  tickler-daemon --version    print the version
  tickler-daemon --help       print this help
`;

/** One line: the daemon's version and the Node.js runtime inside the executable. */
export function versionText(): string {
  return `tickler-daemon ${DAEMON_VERSION} (node ${process.version}, ${process.platform}-${process.arch})`;
}

/**
 * Reads `process.argv` of the executable (`[executable, invoked path, ...words]`, in a single
 * executable application as under `node script`). `daemon` may be named explicitly.
 */
export function sidecarCommandOf(argv: readonly string[]): SidecarCommand {
  const [first, ...rest] = argv.slice(2);
  switch (first) {
    case undefined:
      return { kind: 'daemon' };
    case 'daemon':
      // The daemon takes its settings from the environment only.
      return rest[0] === undefined ? { kind: 'daemon' } : { kind: 'unknown', word: rest[0] };
    case 'migrate':
      return { kind: 'migrate', words: rest };
    case 'cli':
      return { kind: 'cli', argv: [argv[0] ?? 'tickler-daemon', 'tickler', ...rest] };
    case '--version':
    case '-v':
      return { kind: 'version', text: versionText() };
    case '--help':
    case '-h':
    case 'help':
      return { kind: 'help' };
    default:
      return { kind: 'unknown', word: first };
  }
}
