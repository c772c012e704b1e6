import {
  type CalendarSourceReader,
  type OutboundTargetRule,
  type SourceReadResult,
} from '../../application/ports/calendar-source-reader.port';
import { type CalendarSourceLocation } from '../../domain/calendar-source-location';
import { readCalendarFile } from './file-source-reader';
import { HttpsSourceReader, type HttpsReadLimits } from './https-source-reader';

/** Reads a file source or downloads a URL source, within the same size limit. */
export class FileOrHttpsSourceReader implements CalendarSourceReader {
  private readonly https: HttpsSourceReader;

  constructor(
    rule: OutboundTargetRule,
    private readonly limits: HttpsReadLimits,
    ca?: string,
  ) {
    this.https = new HttpsSourceReader(rule, limits, ca);
  }

  read(source: CalendarSourceLocation): Promise<SourceReadResult> {
    return source.kind === 'file'
      ? readCalendarFile(source.location, this.limits.maxBytes)
      : this.https.read(source.location);
  }
}
