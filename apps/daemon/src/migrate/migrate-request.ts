import { MigrateError } from './migrate.error';
import { type MigrateRequest } from './migrate-database';

/** Rows per copy transaction: default, and the bounds accepted. */
export const BATCH_SIZE = { default: 500, min: 1, max: 10_000 } as const;
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
const POSTGRES_URL = /^postgres(ql)?:\/\/\S+$/;

/** `POST /v1/admin/migrate`'s body as JSON Schema (checked by {@link parseMigrateRequest}). */
export const MIGRATE_BODY_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['from', 'to'],
  properties: {
    from: { type: 'string', minLength: 1, maxLength: 4096, description: 'the SQLite file' },
    to: { type: 'string', maxLength: 2048, pattern: POSTGRES_URL.source },
    schema: { type: 'string', pattern: SCHEMA_NAME.source },
    batchSize: { type: 'integer', minimum: BATCH_SIZE.min, maximum: BATCH_SIZE.max },
  },
} as const;

/** A copy request as it arrives (command-line words or a JSON body), not yet checked. */
export interface MigrateInput {
  readonly from?: unknown;
  readonly to?: unknown;
  readonly schema?: unknown;
  readonly batchSize?: unknown;
}

/**
 * Checks a copy request; a bad field is a {@link MigrateError} (exit status 2) naming it as
 * `label` spells it (`--to` on the command line, `to` in a JSON body).
 */
export function parseMigrateRequest(
  input: MigrateInput,
  label: (field: keyof MigrateInput) => string,
): Omit<MigrateRequest, 'onBatch'> {
  const bad = (field: keyof MigrateInput, what: string): MigrateError =>
    new MigrateError(`${label(field)} ${what}`, 2, field, what);
  const { from, to, schema, batchSize } = input;
  if (typeof from !== 'string' || from.length === 0 || from.length > 4096) {
    throw bad('from', 'must name the SQLite database file (at most 4096 characters)');
  }
  if (typeof to !== 'string' || to.length > 2048 || !POSTGRES_URL.test(to)) {
    throw bad('to', 'must be a postgres:// URL (at most 2048 characters)');
  }
  if (schema !== undefined && (typeof schema !== 'string' || !SCHEMA_NAME.test(schema))) {
    throw bad('schema', 'must be lowercase letters, digits or _ (at most 63)');
  }
  const rows =
    typeof batchSize === 'string' && /^\d{1,5}$/.test(batchSize) ? Number(batchSize) : batchSize;
  if (
    rows !== undefined &&
    (typeof rows !== 'number' ||
      !Number.isInteger(rows) ||
      rows < BATCH_SIZE.min ||
      rows > BATCH_SIZE.max)
  ) {
    throw bad('batchSize', `must be a whole number from ${BATCH_SIZE.min} to ${BATCH_SIZE.max}`);
  }
  return {
    from,
    to,
    ...(schema !== undefined ? { schema } : {}),
    batchSize: rows ?? BATCH_SIZE.default,
  };
}
