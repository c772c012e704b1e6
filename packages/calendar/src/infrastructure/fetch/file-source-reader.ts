import { constants, promises as fs } from 'node:fs';
import { type SourceReadResult } from '../../application/ports/calendar-source-reader.port';

const REASONS: Readonly<Record<string, string>> = {
  ENOENT: 'there is no such file',
  EACCES: 'the daemon may not read this file',
  EPERM: 'the daemon may not read this file',
  EISDIR: 'this is a folder, not a file',
  ELOOP: 'too many symbolic links',
  ENOTDIR: 'a part of the path is not a folder',
};

/**
 * Reads a local calendar file: a regular file only (a FIFO, a device or a folder is refused,
 * opened non-blocking so a FIFO without a writer cannot hold the read), at most `maxBytes`
 * (checked on its size, and again while reading in case it grows), as UTF-8 text.
 */
export async function readCalendarFile(file: string, maxBytes: number): Promise<SourceReadResult> {
  let handle: fs.FileHandle | undefined;
  try {
    handle = await fs.open(file, constants.O_RDONLY | constants.O_NONBLOCK);
    const stat = await handle.stat();
    if (!stat.isFile()) {
      return { ok: false, error: 'this is not a regular file' };
    }
    if (stat.size > maxBytes) {
      return { ok: false, error: `the file is larger than ${describeBytes(maxBytes)}` };
    }
    const buffer = Buffer.alloc(Math.min(stat.size, maxBytes) + 1);
    let length = 0;
    while (length < buffer.length) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, null);
      if (bytesRead === 0) {
        break;
      }
      length += bytesRead;
    }
    if (length > maxBytes || length > stat.size) {
      return { ok: false, error: `the file is larger than ${describeBytes(maxBytes)}` };
    }
    return textOf(buffer.subarray(0, length));
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    return { ok: false, error: REASONS[code] ?? `the file could not be read (${code || 'error'})` };
  } finally {
    await handle?.close();
  }
}

/** UTF-8 text of a calendar's bytes; binary content (a NUL byte) is refused. */
export function textOf(bytes: Buffer): SourceReadResult {
  if (bytes.includes(0)) {
    return { ok: false, error: 'this is not a text file' };
  }
  return { ok: true, text: bytes.toString('utf8') };
}

/** `5 MiB`, `512 KiB`. */
export function describeBytes(bytes: number): string {
  return bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0
    ? `${bytes / 1024 / 1024} MiB`
    : `${Math.round(bytes / 1024)} KiB`;
}
