import { type FieldKind, FUTURE } from './bad-values';

/** A JSON Schema fragment of the daemon's OpenAPI document. */
export interface JsonSchema {
  readonly $ref?: string;
  readonly type?: string | readonly string[];
  readonly format?: string;
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
  readonly pattern?: string;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly maxItems?: number;
  readonly items?: JsonSchema;
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly required?: readonly string[];
  readonly examples?: readonly unknown[];
}

/** The parts of the OpenAPI document the fuzzer reads. */
export interface ContractDocument {
  readonly paths: Record<string, Record<string, OpenApiOperation>>;
  readonly components: { readonly schemas: Record<string, JsonSchema> };
}

interface OpenApiOperation {
  readonly requestBody?: { content: { 'application/json': { schema: JsonSchema } } };
  readonly parameters?: readonly { name: string; in: string; schema: JsonSchema }[];
  readonly responses: Record<string, { content?: Record<string, unknown> }>;
  readonly 'x-body-limit'?: number;
}

/** One field of a body or of a nested object, and how to break it. */
export interface FieldSpec {
  readonly name: string;
  readonly kind: FieldKind;
  readonly schema: JsonSchema;
  readonly required: boolean;
  /** The object an `object` field holds, or an `array` field's entries, resolved. */
  readonly nested?: ObjectSpec;
}

/** An object schema as fields, with one valid instance. */
export interface ObjectSpec {
  readonly fields: readonly FieldSpec[];
  /** The required fields with valid values (plus a send instant when the object has one). */
  readonly valid: Record<string, unknown>;
}

/** A route of the contract as the fuzzer sees it. */
export interface ContractRoute {
  readonly method: string;
  /** OpenAPI path with `{param}` placeholders. */
  readonly template: string;
  /** The JSON body's fields, when the route takes one. */
  readonly body?: ObjectSpec;
  /** An empty / absent body is valid (no required field). */
  readonly emptyIsValid: boolean;
  readonly bodyLimit: number;
  readonly query: readonly FieldSpec[];
  readonly isStream: boolean;
}

/** The document's schema at a `$ref` (or the schema itself). */
export function resolve(doc: ContractDocument, schema: JsonSchema): JsonSchema {
  if (schema.$ref === undefined) {
    return schema;
  }
  const name = schema.$ref.replace('#/components/schemas/', '');
  const target = doc.components.schemas[name];
  if (target === undefined) {
    throw new Error(`unresolved $ref ${schema.$ref}`);
  }
  return { ...schema, ...resolve(doc, target), $ref: undefined };
}

function kindOf(schema: JsonSchema): FieldKind {
  if (schema.enum !== undefined || schema.const !== undefined) {
    return 'enum';
  }
  if (schema.format === 'date-time') {
    return 'time';
  }
  switch (schema.type) {
    case 'array':
      return 'array';
    case 'object':
      return 'object';
    case 'integer':
      return 'int';
    case 'boolean':
      return 'bool';
    default:
      return 'string';
  }
}

/** A value the field's schema accepts. */
function validValue(field: FieldSpec): unknown {
  const { schema } = field;
  switch (field.kind) {
    case 'enum':
      return schema.const ?? schema.enum?.[0];
    case 'time':
      return FUTURE;
    case 'array':
      return [];
    case 'object':
      return field.nested?.valid ?? {};
    case 'int':
      return schema.minimum ?? 0;
    case 'bool':
      return false;
    default:
      if (schema.format === 'url' || schema.format === 'uri') {
        return 'https://hooks.example.com/fuzz';
      }
      return schema.pattern !== undefined ? 'u1' : 't';
  }
}

/** The fields of an object schema (its `$ref`s resolved) and one valid instance of it. */
export function objectSpec(doc: ContractDocument, schema: JsonSchema): ObjectSpec {
  const resolved = resolve(doc, schema);
  const required = new Set(resolved.required ?? []);
  const fields = Object.entries(resolved.properties ?? {}).map(([name, raw]): FieldSpec => {
    const fieldSchema = resolve(doc, raw);
    const kind = kindOf(fieldSchema);
    const inner =
      kind === 'object' && fieldSchema.properties !== undefined
        ? fieldSchema
        : kind === 'array' && fieldSchema.items !== undefined
          ? resolve(doc, fieldSchema.items)
          : undefined;
    return {
      name,
      kind,
      schema: fieldSchema,
      required: required.has(name),
      ...(inner?.properties !== undefined ? { nested: objectSpec(doc, inner) } : {}),
    };
  });
  const valid: Record<string, unknown> = {};
  for (const field of fields) {
    // A send instant keeps an entry valid on its own (a plan entry needs one of its instants).
    if (field.required || field.name === 'scheduledAt') {
      valid[field.name] = validValue(field);
    }
  }
  return { fields, valid };
}

/** Every operation of the document, with its body and query fields derived from the schemas. */
export function contractRoutes(doc: ContractDocument): ContractRoute[] {
  return Object.entries(doc.paths).flatMap(([template, operations]) =>
    Object.entries(operations).map(([method, op]): ContractRoute => {
      const bodySchema = op.requestBody?.content['application/json'].schema;
      const body = bodySchema !== undefined ? objectSpec(doc, bodySchema) : undefined;
      const query = (op.parameters ?? [])
        .filter((p) => p.in === 'query')
        .map((p): FieldSpec => {
          const schema = resolve(doc, p.schema);
          return { name: p.name, kind: kindOf(schema), schema, required: false };
        });
      return {
        method: method.toUpperCase(),
        template,
        ...(body !== undefined ? { body } : {}),
        emptyIsValid: body === undefined || body.fields.every((f) => !f.required),
        bodyLimit: op['x-body-limit'] ?? 64 * 1024,
        query,
        isStream: Object.values(op.responses).some(
          (r) => r.content !== undefined && 'text/event-stream' in r.content,
        ),
      };
    }),
  );
}
