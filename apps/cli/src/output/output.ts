/** Where a command writes: stdout for results, stderr for notes (so `--json` stays parseable). */
export interface Output {
  readonly json: boolean;
  /** The command's result: JSON with `--json`, else human text. */
  result(json: unknown, human: () => string): void;
  /** A side note (e.g. the resolved instant): stdout for humans, stderr under `--json`. */
  note(text: string): void;
  /** Something the person should not miss (a time moved by DST): stderr, one line each. */
  warn(text: string): void;
}

/** The {@link Output} of one command run. */
export function createOutput(json: boolean): Output {
  return {
    json,
    result(value, human) {
      process.stdout.write(json ? `${JSON.stringify(value, null, 2)}\n` : `${human()}\n`);
    },
    note(text) {
      (json ? process.stderr : process.stdout).write(`${text}\n`);
    },
    warn(text) {
      process.stderr.write(`tickler: note: ${text}\n`);
    },
  };
}
