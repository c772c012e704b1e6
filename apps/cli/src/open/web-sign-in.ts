import fs from 'node:fs';
import path from 'node:path';
import { type Connection } from '../client/connection';
import { type DaemonClient } from '../client/daemon-client';
import { httpRequest } from '../client/http-request';

/** The token the page is signed in with, and where it came from (for `--verbose`). */
export interface WebToken {
  readonly token: string;
  readonly how: 'your token' | 'saved' | 'issued';
  /** The file it is kept in (a saved or newly issued one), for `--verbose`. */
  readonly file?: string;
}

/** What `GET` on a path answers with this token: only the status matters. */
async function statusOf(url: string, token: string, urlPath: string): Promise<number> {
  const answer = await httpRequest(`${url}${urlPath}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return answer.status;
}

/** What a kept user token is for: the web page (`tickler open`) or an assistant (`tickler mcp`). */
export type TokenPurpose = 'web' | 'mcp';

/**
 * Where the user's token for `purpose` is kept: beside the admin token file the CLI read (same
 * folder, same 0600 rule, so it is no more exposed than the admin token), one file per user and
 * purpose (each can be revoked on its own). Undefined when the admin token came from `--token`
 * or the environment (nothing to put it beside).
 */
export function webTokenFile(
  connection: Connection,
  user: string,
  purpose: TokenPurpose = 'web',
): string | undefined {
  return connection.tokenFile === undefined
    ? undefined
    : path.join(
        path.dirname(connection.tokenFile),
        `${purpose}-${Buffer.from(user).toString('base64url')}.token`,
      );
}

function readSaved(file: string | undefined): string | undefined {
  if (file === undefined || !fs.existsSync(file)) {
    return undefined;
  }
  const text = fs.readFileSync(file, 'utf8').trim();
  return /^[A-Za-z0-9_-]{1,1000}$/.test(text) ? text : undefined;
}

function save(file: string, token: string): void {
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, `${token}\n`, { mode: 0o600, flag: 'wx' });
  fs.renameSync(temp, file);
}

/**
 * A user token for `user`, never the admin token (the page refuses it, a URL is no place for
 * it, and an assistant must reach one person's reminders, not every user's): the CLI's own token
 * when it already is a user token (an admin-only route answers it 403); else the saved one for
 * `purpose` while the daemon still takes it; else a new one issued with the admin token and
 * saved, so running again does not pile up tokens (`tickler token list` shows it,
 * `tickler token revoke` ends it and its sessions).
 */
export async function webTokenFor(
  connection: Connection,
  client: DaemonClient,
  user: string,
  purpose: TokenPurpose = 'web',
): Promise<WebToken> {
  const userPath = `/v1/users/${encodeURIComponent(user)}`;
  if ((await statusOf(connection.url, connection.token, `${userPath}/tokens`)) === 403) {
    return { token: connection.token, how: 'your token' };
  }
  const file = webTokenFile(connection, user, purpose);
  const saved = readSaved(file);
  if (
    saved !== undefined &&
    (await statusOf(connection.url, saved, `${userPath}/profile`)) === 200
  ) {
    return { token: saved, how: 'saved', file };
  }
  const issued = await client.call<{ token: string }>('POST', `${userPath}/tokens`, {});
  if (file !== undefined) {
    save(file, issued.token);
  }
  return { token: issued.token, how: 'issued', ...(file === undefined ? {} : { file }) };
}
