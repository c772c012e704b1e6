/**
 * The one line a start that failed for a well-known reason prints instead of a fatal JSON log
 * with a stack: what happened, the likely cause and the setting that fixes it. Undefined when
 * the reason is not one of these (the full log then goes to stderr).
 */
export function startFailureLine(error: unknown, host: string, port: number): string | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EADDRINUSE') {
    return `tickler daemon: port ${port} is in use — is another tickler running? set TICKLER_PORT`;
  }
  if (code === 'EACCES') {
    return `tickler daemon: not allowed to listen on port ${port} (ports below 1024 need privileges) — set TICKLER_PORT`;
  }
  if (code === 'EADDRNOTAVAIL') {
    return `tickler daemon: ${host} is not an address of this machine — set TICKLER_HOST`;
  }
  return undefined;
}
