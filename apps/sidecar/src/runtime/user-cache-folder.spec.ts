import os from 'node:os';
import path from 'node:path';
import { userCacheFolder } from './user-cache-folder';

describe('userCacheFolder', () => {
  const home = '/home/ada';

  it.each([
    ['linux', {}, '/home/ada/.cache/tickler'],
    ['linux', { XDG_CACHE_HOME: '/var/cache/ada' }, '/var/cache/ada/tickler'],
    // The XDG specification: a relative path is invalid and ignored.
    ['linux', { XDG_CACHE_HOME: 'relative/cache' }, '/home/ada/.cache/tickler'],
    ['darwin', { XDG_CACHE_HOME: '/ignored' }, '/home/ada/Library/Caches/tickler'],
    ['win32', { LOCALAPPDATA: '/c/Users/ada/AppData/Local' }, '/c/Users/ada/AppData/Local/tickler'],
    ['win32', {}, '/home/ada/AppData/Local/tickler'],
  ] as const)('on %s with %j: %s', (platform, env, expected) => {
    expect(userCacheFolder({ env, platform, home, uid: 1000 })).toBe(expected);
  });

  it("falls back to a folder of the user's own id in the temp folder without a home", () => {
    expect(userCacheFolder({ env: {}, platform: 'linux', home: undefined, uid: 1000 })).toBe(
      path.join(os.tmpdir(), 'tickler-1000'),
    );
  });
});
