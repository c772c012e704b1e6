import { CommandValidationError, DomainError, type FieldProblem } from '@tickler/core';
import { FASTIFY_CODES, STATUS_BY_CODE, STORAGE_CODES } from './error-table';

/** Body of every error response. */
export interface ErrorEnvelope {
  error: {
    code: string;
    message: string;
    /** The bad fields, for 400s caused by input (at most 100, and a few KiB). */
    fields?: FieldProblem[];
    /** Bad fields found beyond those listed. */
    omittedFields?: number;
  };
}

/** Longest path or message of one listed field, and of the error's message. */
const MAX_TEXT = 300;
/** Bytes of field text an error body lists at most: the body stays a few KiB. */
const MAX_FIELDS_BYTES = 6 * 1024;

function clip(text: string): string {
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text;
}

/** The fields an answer lists, clipped to a few KiB, and how many were left out. */
function listed(
  fields: readonly FieldProblem[],
  omitted: number,
): Pick<ErrorEnvelope['error'], 'fields' | 'omittedFields'> {
  const out: FieldProblem[] = [];
  let bytes = 0;
  for (const field of fields) {
    const entry = { path: clip(field.path), message: clip(field.message) };
    bytes += entry.path.length + entry.message.length + 24;
    if (bytes > MAX_FIELDS_BYTES) {
      break;
    }
    out.push(entry);
  }
  const more = omitted + fields.length - out.length;
  return { fields: out, ...(more > 0 ? { omittedFields: more } : {}) };
}

/** What to answer for a failure, and whether it is a bug worth an error log. */
export interface MappedError {
  status: number;
  body: ErrorEnvelope;
  bug: boolean;
}

/**
 * Bad fields of an input error: a validation error lists them; any other error that names one
 * `field` in its details (`InvalidArgumentError`, lead-rule errors) is one bad field.
 */
function fieldsOf(error: DomainError): Pick<ErrorEnvelope['error'], 'fields' | 'omittedFields'> {
  if (error instanceof CommandValidationError) {
    return listed(error.fields, error.omitted);
  }
  const field = error.details.field;
  return typeof field === 'string' ? listed([{ path: field, message: error.message }], 0) : {};
}

function fastifyCode(error: unknown): string | undefined {
  if (error instanceof Error && 'code' in error && typeof error.code === 'string') {
    return FASTIFY_CODES[error.code];
  }
  return undefined;
}

/** Storage trouble reported by SQLite (disk full, read-only, I/O error, busy), if it is that. */
function storageError(error: unknown): { code: string; message: string } | undefined {
  if (error instanceof Error && 'code' in error && typeof error.code === 'string') {
    return STORAGE_CODES[error.code.split('_').slice(0, 2).join('_')];
  }
  return undefined;
}

/** A 4xx that fastify raised for a malformed request we have no finer code for. */
function clientStatus(error: unknown): number | undefined {
  if (error instanceof Error && 'statusCode' in error && typeof error.statusCode === 'number') {
    return error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : undefined;
  }
  return undefined;
}

/** Maps any thrown value to a status and envelope through the one code table. */
export function mapError(error: unknown): MappedError {
  if (error instanceof DomainError) {
    const status = STATUS_BY_CODE[error.code];
    if (status === undefined) {
      return {
        status: 500,
        body: { error: { code: 'INTERNAL', message: 'internal error' } },
        bug: true,
      };
    }
    return {
      status,
      body: { error: { code: error.code, message: clip(error.message), ...fieldsOf(error) } },
      bug: false,
    };
  }
  const storage = storageError(error);
  if (storage !== undefined) {
    // Not a bug and not the caller's fault: a clear 503 says "retry later", never a bare 500.
    return {
      status: STATUS_BY_CODE[storage.code] ?? 503,
      body: { error: { code: storage.code, message: storage.message } },
      bug: false,
    };
  }
  const translated = fastifyCode(error);
  if (translated !== undefined) {
    return {
      status: STATUS_BY_CODE[translated] ?? 400,
      body: { error: { code: translated, message: (error as Error).message } },
      bug: false,
    };
  }
  const status = clientStatus(error);
  if (status !== undefined) {
    return {
      status,
      body: { error: { code: 'HTTP.BAD_REQUEST', message: (error as Error).message } },
      bug: false,
    };
  }
  return {
    status: 500,
    body: { error: { code: 'INTERNAL', message: 'internal error' } },
    bug: true,
  };
}
