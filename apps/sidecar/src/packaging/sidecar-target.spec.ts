import { hostTarget, sidecarFileName } from './sidecar-target';

describe('sidecar targets', () => {
  it.each([
    ['linux', 'x64', true, 'tickler-daemon-x86_64-unknown-linux-gnu'],
    ['linux', 'arm64', true, 'tickler-daemon-aarch64-unknown-linux-gnu'],
    ['linux', 'x64', false, 'tickler-daemon-x86_64-unknown-linux-musl'],
    ['darwin', 'arm64', true, 'tickler-daemon-aarch64-apple-darwin'],
    ['win32', 'x64', true, 'tickler-daemon-x86_64-pc-windows-msvc.exe'],
  ] as const)(
    '%s %s (glibc %s) is named %s, as Tauri looks for it',
    (platform, arch, glibc, name) => {
      expect(sidecarFileName(hostTarget(platform, arch, glibc))).toBe(name);
    },
  );

  it('refuses what it cannot name', () => {
    expect(() => hostTarget('linux', 'ia32', true)).toThrow(/ia32/);
    expect(() => hostTarget('aix', 'x64', true)).toThrow(/aix/);
  });

  it('names this machine', () => {
    expect(sidecarFileName(hostTarget())).toMatch(/^tickler-daemon-\w+-/);
  });
});
