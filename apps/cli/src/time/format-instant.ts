const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** The local time zone's name (IANA), e.g. `Europe/Paris`. */
export function localZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** `UTC+02:00` for a Date in the local zone. */
function offsetOf(at: Date): string {
  const minutes = -at.getTimezoneOffset();
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `UTC${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** Local wall-clock text without its offset, locale-independent: `Tue 2026-12-01 09:00:00`. */
function wallClock(at: Date): string {
  const day = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][at.getDay()] ?? '';
  return (
    `${day} ${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} ` +
    `${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`
  );
}

/** Local wall-clock text with its offset: `Tue 2026-12-01 09:00:00 (UTC+01:00)`. */
export function formatLocal(at: Date): string {
  return `${wallClock(at)} (${offsetOf(at)})`;
}

/** Local wall-clock text of a stored instant, or `-` when absent. */
export function formatStored(stored: string | null | undefined): string {
  return stored ? formatLocal(new Date(stored)) : '-';
}

/** The echo before scheduling: `Tue 2026-12-01 09:00:00 Asia/Tokyo (UTC+09:00) = 2026-12-01T00:00:00.000Z UTC`. */
export function describeInstant(at: Date): string {
  return `${wallClock(at)} ${localZone()} (${offsetOf(at)}) = ${at.toISOString()} UTC`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * Local time as a person reads it in a one-line result: `Thu 4 Dec 09:00`, with the year when
 * it is not `now`'s (`Tue 4 Mar 2099 10:15`).
 */
export function formatShort(at: Date, now: Date): string {
  const day = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][at.getDay()] ?? '';
  const year = at.getFullYear() === now.getFullYear() ? '' : ` ${at.getFullYear()}`;
  return `${day} ${at.getDate()} ${MONTHS[at.getMonth()] ?? ''}${year} ${pad(at.getHours())}:${pad(at.getMinutes())}`;
}
