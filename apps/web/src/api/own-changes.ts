/**
 * What this page changed a moment ago (issue 31: every change loaded the lists twice — once
 * because the page asked, once because the daemon's event stream then told it what it already
 * knew). An event about a reminder or inbox item this page changed within the last few seconds
 * needs no reload of its own; any other event still reloads.
 */
const OWN_CHANGE_MS = 5_000;
const recent = new Map<string, number>();

/** Records that this page just changed the reminders or inbox items `ids`. */
export function noteOwnChange(...ids: string[]): void {
  const now = Date.now();
  for (const id of ids) {
    recent.set(id, now);
  }
}

/** Whether every id (an event's `aggregateId`) is one this page changed within the window. */
export function allOwnChanges(ids: readonly (string | undefined)[]): boolean {
  const now = Date.now();
  for (const [id, at] of recent) {
    if (now - at >= OWN_CHANGE_MS) {
      recent.delete(id);
    }
  }
  return ids.length > 0 && ids.every((id) => id !== undefined && recent.has(id));
}
