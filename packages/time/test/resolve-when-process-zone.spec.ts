import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { SWC_REGISTER } from '@tickler/testing';

const FIXTURE = path.join(__dirname, 'fixtures', 'resolve-when-cases.ts');

/** The fixture's answers in a real Node process whose own zone is `tz`. */
function answersUnder(tz: string): unknown[] {
  const stdout = execFileSync(process.execPath, ['-r', SWC_REGISTER, FIXTURE], {
    env: { ...process.env, TZ: tz },
    encoding: 'utf8',
  });
  return JSON.parse(stdout) as unknown[];
}

describe('resolveWhen does not depend on the server’s own time zone', () => {
  it('reads the same texts the same way under TZ=UTC, America/New_York, Australia/Lord_Howe and Asia/Kathmandu', () => {
    const utc = answersUnder('UTC');
    expect(utc).toHaveLength(45);
    expect(utc.filter((a) => 'error' in (a as object))).toEqual([]);
    for (const tz of ['America/New_York', 'Australia/Lord_Howe', 'Asia/Kathmandu']) {
      expect(answersUnder(tz)).toEqual(utc);
    }
  });
});
