/** One word for a POSIX shell: as is when safe, else single-quoted. */
export function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** A command line a person can paste: each word quoted only when it needs it. */
export function shellWords(words: readonly string[]): string {
  return words.map(shellWord).join(' ');
}
