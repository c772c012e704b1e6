/** Renders rows as an aligned text table with a header line. */
export function renderTable(
  headers: readonly string[],
  rows: readonly (readonly string[])[],
): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]): string =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(headers), ...rows.map(line)].join('\n');
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) {
    return '-';
  }
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Renders an object as `key: value` lines, keys aligned. */
export function renderRecord(record: Readonly<Record<string, unknown>>): string {
  const width = Math.max(...Object.keys(record).map((k) => k.length));
  return Object.entries(record)
    .map(([k, v]) => `${k.padEnd(width)}  ${cellText(v)}`)
    .join('\n');
}
