import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Api, DaemonProcess } from '@tickler/testing';
import { type ScenarioResult, Violations } from '../support/scenario-result';
import { integrityCheck, queryFile } from '../support/sqlite-file';

export interface DiskTroubleOptions {
  /** Size of the tmpfs the database lives on. */
  readonly sizeKb: number;
  /** Requests tried while the disk is full / read-only. */
  readonly troubledRequests: number;
}

interface Tally {
  ok: number;
  unavailable: number;
  other5xx: number;
  other: number;
  codes: Set<string>;
}

function mount(dir: string, sizeKb: number): boolean {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeKb}k`, 'tmpfs', dir], {
      stdio: 'pipe',
    });
    return true;
  } catch {
    return false;
  }
}

function sh(args: string[]): void {
  execFileSync(args[0] as string, args.slice(1), { stdio: 'pipe' });
}

/** Free bytes of the filesystem holding `dir`. */
function freeBytes(dir: string): number {
  const stat = fs.statfsSync(dir);
  return stat.bavail * stat.bsize;
}

async function post(api: Api, n: number, tally: Tally, acked: string[]): Promise<number> {
  const res = await api.post<{ id?: string; error?: { code: string } }>(
    '/v1/users/disk/notifications',
    {
      title: `n${n}`,
      message: 'x'.repeat(4000),
      scheduledAt: '2099-01-01T00:00:00Z',
    },
  );
  if (res.status === 201 && res.body.id) {
    tally.ok++;
    acked.push(res.body.id);
  } else if (res.status === 503) {
    tally.unavailable++;
    tally.codes.add(res.body.error?.code ?? '?');
  } else if (res.status >= 500) {
    tally.other5xx++;
    tally.codes.add(`${res.status} ${res.body.error?.code ?? '?'}`);
  } else {
    tally.other++;
    tally.codes.add(`${res.status}`);
  }
  return res.status;
}

const newTally = (): Tally => ({ ok: 0, unavailable: 0, other5xx: 0, other: 0, codes: new Set() });

/**
 * Scenario 9: the database on a tiny tmpfs. (a) The disk fills up: requests must fail with a
 * clear 503, never a 500. (b) The filesystem turns read-only: same. Space / write access comes
 * back: service resumes without a restart. Afterwards `PRAGMA integrity_check` is `ok` and
 * every acknowledged write is in the file. Needs root for `mount`.
 */
export async function runDiskTrouble(options: DiskTroubleOptions): Promise<ScenarioResult> {
  const v = new Violations();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tickler-rel-disk-'));
  if (!mount(dir, options.sizeKb)) {
    fs.rmSync(dir, { recursive: true, force: true });
    return {
      id: 9,
      name: 'disk trouble (tiny tmpfs fills up, then read-only)',
      figures: { 'mount permitted': 'no' },
      violations: ['mount -t tmpfs is not permitted here; scenario 9 did not run'],
      notes: ['mount not permitted: not run'],
    };
  }
  const daemon = new DaemonProcess(dir);
  const acked: string[] = [];
  const full = newTally();
  const readOnly = newTally();
  let resumedAfterFull = false;
  let resumedAfterReadOnly = false;
  const notes: string[] = [];
  let n = 0;
  try {
    await daemon.start();
    const api = new Api(daemon.url, daemon.adminToken);
    // Leave a sliver of free space, then write until the disk is full.
    const filler = path.join(dir, 'filler');
    fs.writeFileSync(filler, Buffer.alloc(Math.max(0, freeBytes(dir) - 96 * 1024)));
    for (let i = 0; i < 2000 && full.unavailable + full.other5xx < options.troubledRequests; i++) {
      await post(api, n++, full, acked);
    }
    v.check(full.unavailable > 0, () => `the disk never filled up (${full.ok} writes succeeded)`);
    v.check(
      full.other5xx === 0,
      () => `disk full answered ${full.other5xx} non-503 5xx (${[...full.codes].join(', ')})`,
    );
    // Space returns: the next writes succeed without a restart.
    fs.rmSync(filler);
    for (let i = 0; i < 20 && !resumedAfterFull; i++) {
      resumedAfterFull = (await post(api, n++, newTally(), acked)) === 201;
    }
    v.check(resumedAfterFull, () => 'service did not resume after space returned');

    // The filesystem turns read-only (Linux refuses while files are open for writing: then
    // the case is reported as not run rather than faked — root ignores chmod 0444).
    let readOnlyRan = false;
    try {
      sh(['mount', '-o', 'remount,ro', dir]);
      readOnlyRan = true;
    } catch (error) {
      notes.push(
        `read-only case not run: remount,ro refused (${String(error).split('\n')[1]?.trim() ?? 'busy'})`,
      );
    }
    if (readOnlyRan) {
      for (let i = 0; i < options.troubledRequests; i++) {
        await post(api, n++, readOnly, acked);
      }
      v.check(
        readOnly.unavailable === options.troubledRequests,
        () =>
          `read-only disk: ${readOnly.unavailable} × 503, ${readOnly.other5xx} other 5xx, ${readOnly.ok} accepted (${[...readOnly.codes].join(', ')})`,
      );
      sh(['mount', '-o', 'remount,rw', dir]);
      for (let i = 0; i < 20 && !resumedAfterReadOnly; i++) {
        resumedAfterReadOnly = (await post(api, n++, newTally(), acked)) === 201;
      }
      v.check(
        resumedAfterReadOnly,
        () => 'service did not resume after the disk became writable again',
      );
    }
    const health = await api.get('/healthz');
    v.check(
      health.status === 200 && daemon.running,
      () => `daemon unhealthy at the end: ${health.status}`,
    );
    const exit = await daemon.terminate();
    v.check(exit.code === 0, () => `daemon exit after SIGTERM: ${JSON.stringify(exit)}`);
    const integrity = integrityCheck(daemon.dbFile);
    v.check(
      integrity.length === 1 && integrity[0] === 'ok',
      () => `integrity_check: ${integrity.join('; ')}`,
    );
    const stored = new Set(
      queryFile<{ id: string }>(
        daemon.dbFile,
        "select id from notification_deliveries where recipient_id = 'disk'",
      ).map((r) => r.id),
    );
    const lost = acked.filter((id) => !stored.has(id)).length;
    v.check(lost === 0, () => `${lost} acknowledged writes are not in the file`);
    return {
      id: 9,
      name: 'disk trouble (tiny tmpfs fills up, then read-only)',
      figures: {
        'tmpfs size (KiB)': options.sizeKb,
        'writes before full': full.ok,
        '503 when full': full.unavailable,
        '503 when read-only': readOnlyRan ? readOnly.unavailable : 'not run',
        '5xx other than 503': full.other5xx + readOnly.other5xx,
        'error codes': [...new Set([...full.codes, ...readOnly.codes])].join(' '),
        'resumed after space returned': resumedAfterFull ? 'yes' : 'no',
        'resumed after read-write': readOnlyRan ? (resumedAfterReadOnly ? 'yes' : 'no') : 'not run',
        integrity_check: integrity.join(';'),
        'acknowledged writes lost': lost,
      },
      violations: v.done(),
      notes,
    };
  } finally {
    await daemon.terminate();
    try {
      sh(['umount', dir]);
    } catch {
      // already unmounted, or busy: leave it for the OS
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
