import { sidecarCommandOf } from './sidecar-command';

const argv = (...words: string[]) => [
  '/opt/app/tickler-daemon',
  '/opt/app/tickler-daemon',
  ...words,
];

describe('sidecarCommandOf', () => {
  it('is the daemon with no argument, or `daemon` alone', () => {
    expect(sidecarCommandOf(argv())).toEqual({ kind: 'daemon' });
    expect(sidecarCommandOf(argv('daemon'))).toEqual({ kind: 'daemon' });
    expect(sidecarCommandOf(argv('daemon', '--port'))).toEqual({ kind: 'unknown', word: '--port' });
  });

  it('hands the CLI its words as `tickler` would get them', () => {
    expect(sidecarCommandOf(argv('cli', 'list', '--json'))).toEqual({
      kind: 'cli',
      argv: ['/opt/app/tickler-daemon', 'tickler', 'list', '--json'],
    });
  });

  it('hands `migrate` its words (the daemon copies for `tickler migrate`)', () => {
    expect(sidecarCommandOf(argv('migrate', '--from', 'a.db', '--to', 'postgres://h/d'))).toEqual({
      kind: 'migrate',
      words: ['--from', 'a.db', '--to', 'postgres://h/d'],
    });
  });

  it('answers --version and --help, and names an unknown word', () => {
    const version = sidecarCommandOf(argv('--version'));
    expect(version.kind === 'version' && version.text).toMatch(
      /^tickler-daemon \d+\.\d+\.\d+ \(node v\d+/,
    );
    expect(sidecarCommandOf(argv('-h'))).toEqual({ kind: 'help' });
    expect(sidecarCommandOf(argv('serve'))).toEqual({ kind: 'unknown', word: 'serve' });
  });
});
