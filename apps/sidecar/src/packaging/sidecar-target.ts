/** The platform an executable is built for, named the way Tauri names sidecars. */
export interface SidecarTarget {
  /** Rust target triple, e.g. `x86_64-unknown-linux-gnu`: Tauri looks for `<name>-<triple>`. */
  readonly triple: string;
  readonly platform: NodeJS.Platform;
  /** `.exe` on Windows, else empty. */
  readonly extension: string;
}

const ARCHES: Readonly<Partial<Record<string, string>>> = { x64: 'x86_64', arm64: 'aarch64' };

/**
 * The target of this machine: a single executable application is this Node.js binary plus a
 * blob, and the native addon is the one compiled here, so an executable can only be built for
 * the platform it is built on. On Linux the C library matters (glibc `gnu` vs `musl`).
 */
export function hostTarget(
  platform: NodeJS.Platform = process.platform,
  arch: string = process.arch,
  glibc: boolean = hasGlibc(),
): SidecarTarget {
  const cpu = ARCHES[arch];
  if (cpu === undefined) {
    throw new Error(`no sidecar target for the ${arch} architecture`);
  }
  switch (platform) {
    case 'linux':
      return { triple: `${cpu}-unknown-linux-${glibc ? 'gnu' : 'musl'}`, platform, extension: '' };
    case 'darwin':
      return { triple: `${cpu}-apple-darwin`, platform, extension: '' };
    case 'win32':
      return { triple: `${cpu}-pc-windows-msvc`, platform, extension: '.exe' };
    default:
      throw new Error(`no sidecar target for the ${platform} platform`);
  }
}

function hasGlibc(): boolean {
  const report = process.report.getReport() as { header?: { glibcVersionRuntime?: string } };
  return report.header?.glibcVersionRuntime !== undefined;
}

/** The file name Tauri's `externalBin: ["binaries/tickler-daemon"]` expects. */
export function sidecarFileName(target: SidecarTarget, name = 'tickler-daemon'): string {
  return `${name}-${target.triple}${target.extension}`;
}
