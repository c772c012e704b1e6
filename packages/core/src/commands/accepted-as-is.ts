import { plainToInstance } from 'class-transformer';
import { getMetadataStorage, ValidationTypes, type ValidationArguments } from 'class-validator';
import { type ConstraintMetadata } from 'class-validator/types/metadata/ConstraintMetadata';
import { type ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';

/**
 * The bus's fast path: "would class-transformer + class-validator accept this command, and would
 * class-transformer hand the handler nothing but the same values?" answered without running
 * either. class-validator re-reads and filters its whole metadata store on every object and
 * allocates an error tree even for valid data (20–45 µs per nested entry), and class-transformer
 * copies every entry (6–18 µs); a bulk command of 10,000 entries spent more there than in SQLite.
 *
 * The answer is built once per class from class-validator's own metadata and runs the very
 * constraint functions class-validator would (`isString`, `maxLength`, our custom validators…),
 * in the same order and with the same gates (`IsOptional`/`ValidateIf` conditions, `each`), so
 * it can only say yes when class-validator would. Anything it cannot decide for certain — an
 * async constraint, a Set or Map, a nested class class-transformer would not build from a plain
 * object, a field whose value class-transformer would convert — is a no, and a no only means
 * "ask class-validator": the caller then takes the ordinary path, which produces the exact
 * messages. Validation is therefore never weaker, and rejections cost what they always did.
 */
export function acceptedAsIs(commandClass: new () => object, command: object): boolean {
  const shape = shapeOf(commandClass, undefined);
  return (
    shape !== null &&
    Object.getPrototypeOf(command) === commandClass.prototype &&
    shape.accepts(command)
  );
}

type Condition = (object: object, value: unknown) => boolean;

interface ConstraintCheck {
  readonly metadata: ValidationMetadata;
  readonly constraints: readonly ConstraintMetadata[];
}

interface PropertyCheck {
  readonly name: string;
  readonly conditions: readonly Condition[];
  readonly checks: readonly ConstraintCheck[];
  /** The class of a `@ValidateNested` + `@Type` value, or undefined for a plain field. */
  readonly nested: Shape | undefined;
  /** A plain field whose primitive values class-transformer copies unchanged. */
  readonly copiedAsIs: boolean;
}

class Shape {
  constructor(
    private readonly targetClass: new () => object,
    private readonly properties: ReadonlyMap<string, PropertyCheck>,
  ) {}

  /** A nested value: a plain object (class-transformer would build `targetClass`) or one already built. */
  acceptsNested(value: unknown): boolean {
    if (value === null || typeof value !== 'object') {
      return false;
    }
    const proto: unknown = Object.getPrototypeOf(value);
    return (
      (proto === Object.prototype || proto === this.targetClass.prototype) && this.accepts(value)
    );
  }

  accepts(object: object): boolean {
    // whitelist + forbidNonWhitelisted; keys named like Object.prototype members are dropped by
    // class-transformer and refused by the bus.
    for (const key of Object.keys(object)) {
      if (!this.properties.has(key) || key in Object.prototype) {
        return false;
      }
    }
    // What class-validator passes as `targetName` (a function's `name` getter is slow enough to
    // show in a profile when read per constraint).
    const targetName = (object.constructor as { name?: string } | undefined)?.name;
    for (const property of this.properties.values()) {
      if (!acceptsProperty(object, targetName, property)) {
        return false;
      }
    }
    return true;
  }
}

function acceptsProperty(
  object: object,
  targetName: string | undefined,
  property: PropertyCheck,
): boolean {
  const value: unknown = (object as Record<string, unknown>)[property.name];
  for (const condition of property.conditions) {
    if (!condition(object, value)) {
      return true; // IsOptional / ValidateIf: class-validator skips the field
    }
  }
  for (const check of property.checks) {
    if (!passes(object, targetName, value, check)) {
      return false;
    }
  }
  if (property.nested !== undefined) {
    if (value === undefined) {
      return true;
    }
    if (Array.isArray(value)) {
      for (const element of value) {
        if (!property.nested.acceptsNested(element)) {
          return false;
        }
      }
      return true;
    }
    return !(value instanceof Set || value instanceof Map) && property.nested.acceptsNested(value);
  }
  // A plain field: class-transformer must be known to copy it unchanged, so only primitives.
  return (
    property.copiedAsIs &&
    (value === null || (typeof value !== 'object' && typeof value !== 'function'))
  );
}

function passes(
  object: object,
  targetName: string | undefined,
  value: unknown,
  check: ConstraintCheck,
): boolean {
  const { metadata } = check;
  if (metadata.validateIf && !metadata.validateIf(object, value)) {
    return true;
  }
  const args: ValidationArguments = {
    targetName: targetName as string,
    property: metadata.propertyName,
    object,
    value,
    constraints: metadata.constraints,
  };
  for (const constraint of check.constraints) {
    if (constraint.async) {
      return false;
    }
    if (metadata.each && (Array.isArray(value) || value instanceof Set || value instanceof Map)) {
      if (!Array.isArray(value)) {
        return false;
      }
      for (const element of value) {
        if (constraint.instance.validate(element, args) !== true) {
          return false;
        }
      }
    } else if (constraint.instance.validate(value, args) !== true) {
      // `!== true` also refuses a returned promise: only class-validator may await it.
      return false;
    }
  }
  return true;
}

/** Shapes per class (null: not decidable here, always ask class-validator). Classes are few. */
const shapes = new Map<new () => object, Shape | null>();

function shapeOf(targetClass: new () => object, schema: string | undefined): Shape | null {
  let shape = shapes.get(targetClass);
  if (shape === undefined) {
    shapes.set(targetClass, null); // a class nested in itself stays undecidable
    shape = buildShape(targetClass, schema);
    shapes.set(targetClass, shape);
  }
  return shape;
}

function buildShape(targetClass: new () => object, schema: string | undefined): Shape | null {
  const storage = getMetadataStorage();
  // The same call (always, strictGroups and groups off) class-validator's executor makes.
  const metadatas = storage.getTargetValidationMetadatas(
    targetClass,
    schema as string,
    false,
    false,
    undefined,
  );
  const grouped = storage.groupByPropertyName(metadatas);
  const properties = new Map<string, PropertyCheck>();
  for (const [name, list] of Object.entries(grouped)) {
    const property = buildProperty(targetClass, name, list);
    if (property === null) {
      return null;
    }
    properties.set(name, property);
  }
  return new Shape(targetClass, properties);
}

function buildProperty(
  targetClass: new () => object,
  name: string,
  metadatas: readonly ValidationMetadata[],
): PropertyCheck | null {
  const storage = getMetadataStorage();
  const conditions: Condition[] = [];
  const checks: ConstraintCheck[] = [];
  let nestedMetadata: ValidationMetadata | undefined;
  for (const metadata of metadatas) {
    switch (metadata.type) {
      case ValidationTypes.CONDITIONAL_VALIDATION:
        conditions.push(metadata.constraints[0] as Condition);
        break;
      case ValidationTypes.IS_DEFINED:
      case ValidationTypes.CUSTOM_VALIDATION:
        checks.push({
          metadata,
          constraints: storage.getTargetValidatorConstraints(metadata.constraintCls),
        });
        break;
      case ValidationTypes.NESTED_VALIDATION:
        nestedMetadata = metadata;
        break;
      case ValidationTypes.WHITELIST:
        break;
      default:
        return null; // promise validation and anything newer: class-validator decides
    }
  }
  let nested: Shape | undefined;
  if (nestedMetadata !== undefined) {
    const nestedClass = builtClass(targetClass, name);
    const schema =
      typeof nestedMetadata.target === 'string'
        ? nestedMetadata.target
        : nestedMetadata.target.name;
    const shape = nestedClass === undefined ? null : shapeOf(nestedClass, schema);
    if (shape === null || nestedClass === undefined || !hasNoDefaults(nestedClass)) {
      return null;
    }
    nested = shape;
  }
  return {
    name,
    conditions,
    checks,
    nested,
    copiedAsIs: nested === undefined && primitivesCopiedAsIs(targetClass, name),
  };
}

/**
 * The class class-transformer builds for a plain object in this field (its `@Type`), asked
 * through its public API, or undefined when it builds none or not the same one for an object
 * and an array element (a discriminator, a function of the value).
 */
export function builtClass(
  targetClass: new () => object,
  name: string,
): (new () => object) | undefined {
  const single = (plainToInstance(targetClass, { [name]: {} }) as Record<string, unknown>)[name];
  const inArray = (
    plainToInstance(targetClass, { [name]: [{}] }) as Record<string, unknown[] | undefined>
  )[name]?.[0];
  const proto: unknown =
    single === null || typeof single !== 'object' ? undefined : Object.getPrototypeOf(single);
  if (
    proto === undefined ||
    proto === Object.prototype ||
    inArray === null ||
    typeof inArray !== 'object'
  ) {
    return undefined;
  }
  return Object.getPrototypeOf(inArray) === proto
    ? (proto as { constructor: new () => object }).constructor
    : undefined;
}

/** A class whose constructor sets no field: building it from a plain object adds nothing. */
function hasNoDefaults(targetClass: new () => object): boolean {
  return Object.values(new targetClass()).every((value) => value === undefined);
}

/** One value of each primitive kind, unlike what a conversion or a `@Transform` would return. */
const PROBES: readonly unknown[] = [' Probe \u00c5 1 ', -1.5, false, null];

/**
 * class-transformer copies this field's primitive values unchanged: a field with `@Exclude`, a
 * renaming `@Expose`, a primitive `@Type` (Date, Number, String, Boolean) or a `@Transform` does
 * not come back unchanged for every probe. (A `@Transform` that returns these probes untouched
 * but changes other values would slip through: none exists in this code base.)
 */
export function primitivesCopiedAsIs(targetClass: new () => object, name: string): boolean {
  return PROBES.every((probe) => {
    const built = plainToInstance(targetClass, { [name]: probe }) as Record<string, unknown>;
    return Object.hasOwn(built, name) && Object.is(built[name], probe);
  });
}
