// Projects that type-check the daemon's sources through its path alias need the shim too.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./class-transformer-storage.d.ts" />
import { defaultMetadataStorage } from 'class-transformer/cjs/storage';
import { getMetadataStorage } from 'class-validator';
import { targetConstructorToSchema } from 'class-validator-jsonschema';
import {
  defaultConverters,
  type ISchemaConverters,
} from 'class-validator-jsonschema/build/defaultConverters';
import { PLAIN_TEXT_PATTERNS } from '@tickler/core';
import { type Schema } from '../route';

/** Where the OpenAPI document keeps named schemas; `$ref`s point here. */
export const REF_PREFIX = '#/components/schemas/';

const INSTANT = {
  type: 'string',
  format: 'date-time',
  description: 'RFC 3339 with an offset, years 1970–9999; answered as ISO-8601 UTC.',
};
const LEAD_RULE = {
  type: 'string',
  description: 'Derive the send instant from eventAt (lead:3600) or expiresAt (lead:0@expiry).',
  examples: ['lead:3600', 'lead:0@expiry'],
};

/**
 * Our own class-validator decorators (`ValidateBy` names) as JSON Schema. A command field with a
 * custom validator missing here fails the contract test, so a new rule is documented once, here.
 */
export const CUSTOM_VALIDATOR_SCHEMAS: Readonly<Record<string, Schema>> = {
  isInstant: INSTANT,
  isDuration: { type: 'string', examples: ['30s', '12h', '1h30m'] },
  'send-lead-rule': LEAD_RULE,
  'planned-scheduledAt': { ...INSTANT, description: 'Required unless eventAt and rule are given.' },
  'planned-eventAt': { ...INSTANT, description: 'Start of the event; required by a rule.' },
  'planned-expiresAt': {
    ...INSTANT,
    description: 'End of the event; required by an @expiry rule.',
  },
  'planned-rule': LEAD_RULE,
  // `x-text` tells a client (and the fuzzer) the character rule, unpaired surrogates included,
  // which a pattern cannot express.
  isPlainText: { pattern: PLAIN_TEXT_PATTERNS.singleLine, 'x-text': 'single-line' },
  isMultilineText: { pattern: PLAIN_TEXT_PATTERNS.multiLine, 'x-text': 'multi-line' },
  isTimeZone: {
    type: 'string',
    description: 'An IANA time zone name (a UTC offset is not a zone).',
    examples: ['Europe/Berlin'],
  },
  isLink: {
    format: 'uri-reference',
    description: 'An http(s) URL, or a path on the same origin starting with /.',
  },
};

/**
 * Fields whose presence depends on their siblings (a plan entry's send instant): class-validator
 * checks them whether given or not, so the generator would list them as required; they are not.
 */
const CONDITIONALLY_REQUIRED = new Set(
  Object.keys(CUSTOM_VALIDATOR_SCHEMAS).filter((name) => name.startsWith('planned-')),
);

const converters: ISchemaConverters = Object.fromEntries(
  Object.entries(CUSTOM_VALIDATOR_SCHEMAS).map(([name, schema]) => [name, () => ({ ...schema })]),
);

type Klass = abstract new () => object;

/** Names of the custom (`ValidateBy`) validators on `target`'s fields, by field. */
function customValidators(target: Klass): Map<string, string[]> {
  const storage = getMetadataStorage();
  const byField = new Map<string, string[]>();
  for (const meta of storage.getTargetValidationMetadatas(target, '', true, false)) {
    if (meta.type !== 'customValidation') {
      continue;
    }
    for (const constraint of storage.getTargetValidatorConstraints(meta.constraintCls)) {
      byField.set(meta.propertyName, [...(byField.get(meta.propertyName) ?? []), constraint.name]);
    }
  }
  return byField;
}

/**
 * The JSON Schema of a command (or nested input) class, from its class-validator metadata
 * (class-validator-jsonschema), nested classes as `$ref`s. Unknown properties are refused by the
 * bus, so `additionalProperties: false`.
 */
export function classSchema(target: Klass): Schema {
  const schema = targetConstructorToSchema(target, {
    classTransformerMetadataStorage: defaultMetadataStorage,
    refPointerPrefix: REF_PREFIX,
    additionalConverters: converters,
  }) as { properties?: Record<string, Schema>; required?: string[] };
  const validators = customValidators(target);
  for (const [field, names] of validators) {
    const unknown = names.filter((name) => !(name in defaultConverters) && !(name in converters));
    if (unknown.length > 0) {
      // Without a converter the field would be documented as any string: say what it accepts.
      throw new Error(
        `${target.name}.${field}: no JSON Schema for validator ${unknown.join(', ')} (add it to CUSTOM_VALIDATOR_SCHEMAS)`,
      );
    }
  }
  const conditional = [...validators]
    .filter(([, names]) => names.some((name) => CONDITIONALLY_REQUIRED.has(name)))
    .map(([field]) => field);
  const required = (schema.required ?? []).filter((field) => !conditional.includes(field));
  return {
    type: 'object',
    properties: schema.properties ?? {},
    ...(required.length > 0 ? { required } : {}),
    additionalProperties: false,
  };
}

/** How an HTTP body differs from its command. */
export interface BodyShape {
  /** Fields the URL path supplies (refused in the body). */
  readonly fromPath?: readonly string[];
  /** Command field → body field name. */
  readonly rename?: Readonly<Record<string, string>>;
  /** Body-only fields the route consumes itself, all required. */
  readonly extra?: Readonly<Record<string, Schema>>;
  /** Rewrites the schema of a command field (e.g. a nested array's items). */
  readonly replace?: Readonly<Record<string, (schema: Schema) => Schema>>;
}

/** The JSON body a route accepts for `command`: its schema less the path's fields, renamed. */
export function bodyOf(command: Klass, shape: BodyShape = {}): Schema {
  const base = classSchema(command) as {
    properties: Record<string, Schema>;
    required?: string[];
  };
  const rename = (field: string): string => shape.rename?.[field] ?? field;
  const omitted = new Set(shape.fromPath ?? []);
  const properties: Record<string, Schema> = { ...shape.extra };
  for (const [field, schema] of Object.entries(base.properties)) {
    if (!omitted.has(field)) {
      const rewrite = shape.replace?.[field];
      properties[rename(field)] = rewrite ? rewrite(schema) : schema;
    }
  }
  const required = [
    ...Object.keys(shape.extra ?? {}),
    ...(base.required ?? []).filter((field) => !omitted.has(field)).map(rename),
  ];
  return {
    type: 'object',
    properties,
    ...(required.length > 0 ? { required } : {}),
    additionalProperties: false,
  };
}

/** A query route's parameters from its command: name → schema, the path's fields left out. */
export function queryOf(command: Klass, fromPath: readonly string[]): Record<string, Schema> {
  const { properties } = classSchema(command) as { properties: Record<string, Schema> };
  return Object.fromEntries(
    Object.entries(properties).filter(([field]) => !fromPath.includes(field)),
  );
}

/** A `$ref` to a named schema of the document. */
export function ref(name: string): Schema {
  return { $ref: `${REF_PREFIX}${name}` };
}
