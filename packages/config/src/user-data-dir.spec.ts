import { userDataDir } from './user-data-dir';

describe('userDataDir', () => {
  it('follows XDG on Linux, falling back to ~/.local/share; a relative XDG_DATA_HOME is ignored', () => {
    expect(userDataDir({ HOME: '/home/amy' }, 'linux')).toBe('/home/amy/.local/share/tickler');
    expect(userDataDir({ HOME: '/home/amy', XDG_DATA_HOME: '/data/amy' }, 'linux')).toBe(
      '/data/amy/tickler',
    );
    expect(userDataDir({ HOME: '/home/amy', XDG_DATA_HOME: 'rel' }, 'linux')).toBe(
      '/home/amy/.local/share/tickler',
    );
  });

  it('uses Application Support on macOS and %APPDATA% on Windows', () => {
    expect(userDataDir({ HOME: '/Users/amy' }, 'darwin')).toBe(
      '/Users/amy/Library/Application Support/tickler',
    );
    expect(userDataDir({ APPDATA: 'C:\\Users\\amy\\AppData\\Roaming' }, 'win32')).toBe(
      'C:\\Users\\amy\\AppData\\Roaming\\tickler',
    );
  });
});
