import fc from 'fast-check';
import { badTime, badWhen, notInEnum, tooLong, wrongTypeFor } from './bad-values';
import { type FieldSpec, type ObjectSpec } from './contract-routes';
import {
  deeplyNested,
  hostileLink,
  hostileText,
  leadUnderflow,
  outOfRangeTime,
  oversizedArray,
} from './hostile-values';

/** A field's broken value, or its removal, and what is wrong, for the report. */
export type Broken = { value: unknown; defect: string } | { remove: true; defect: string };

/** Objects that break a nested object: a required field missing, a bad type, an unknown key. */
function brokenObjects(spec: ObjectSpec): fc.Arbitrary<unknown> {
  const options: fc.Arbitrary<unknown>[] = [
    fc.constant({ ...spec.valid, extra: 1 }),
    fc.constant({ ...spec.valid, toString: 'x' }),
  ];
  for (const field of spec.fields) {
    options.push(wrongTypeFor(field.kind).map((value) => ({ ...spec.valid, [field.name]: value })));
    if (field.required) {
      const { [field.name]: _dropped, ...rest } = spec.valid;
      options.push(fc.constant(rest));
    }
  }
  return fc.oneof(...options);
}

/** One way to break one field (of a body, or of a nested object). */
export function brokenField(field: FieldSpec): fc.Arbitrary<Broken> {
  const { name, schema } = field;
  const options: fc.Arbitrary<Broken>[] = [
    wrongTypeFor(field.kind).map((value) => ({ value, defect: `${name}: wrong type` })),
    oversizedArray(field).map((value) => ({
      value,
      defect: `${name}: an array of ${value.length} entries`,
    })),
    deeplyNested.map((value) => ({ value, defect: `${name}: nested past the depth limit` })),
  ];
  const textRule = (schema as { 'x-text'?: string })['x-text'];
  if (textRule !== undefined) {
    options.push(
      hostileText(textRule === 'multi-line').map((value) => ({
        value,
        defect: `${name}: hostile text ${JSON.stringify(value).slice(0, 30)}`,
      })),
    );
  }
  if (schema.format === 'uri-reference') {
    options.push(hostileLink.map((value) => ({ value, defect: `${name}: hostile link ${value}` })));
  }
  if (field.required) {
    options.push(fc.constant({ remove: true as const, defect: `${name}: missing` }));
    options.push(fc.constant({ value: null, defect: `${name}: null` }));
  }
  if (field.kind === 'string' && schema.maxLength !== undefined) {
    options.push(
      tooLong(schema.maxLength).map((value) => ({
        value,
        defect: `${name}: longer than ${schema.maxLength}`,
      })),
    );
  }
  if (field.kind === 'time') {
    options.push(
      outOfRangeTime.map((value) => ({ value, defect: `${name}: outside 1970–9999 ${value}` })),
    );
    options.push(
      badTime.map((value) => ({
        value,
        defect: `${name}: bad time ${JSON.stringify(value).slice(0, 40)}`,
      })),
    );
  }
  if (name === 'when') {
    options.push(badWhen.map((value) => ({ value, defect: `when: refused text ${value}` })));
  }
  if (field.kind === 'enum') {
    const allowed = schema.enum ?? [schema.const];
    options.push(notInEnum(allowed).map((value) => ({ value, defect: `${name}: not in enum` })));
  }
  if (field.kind === 'object' && field.nested !== undefined) {
    options.push(
      brokenObjects(field.nested).map((value) => ({ value, defect: `${name}: bad nested object` })),
    );
  }
  if (field.kind === 'array') {
    const underflow = field.nested !== undefined ? leadUnderflow(field.nested) : undefined;
    if (underflow !== undefined) {
      options.push(
        underflow.map((entry) => ({ value: [entry], defect: `${name}: a lead rule before 1970` })),
      );
    }
    const entries = field.nested !== undefined ? brokenObjects(field.nested) : fc.constant(1);
    options.push(
      fc
        .oneof(
          entries.map((entry) => [entry]),
          fc.constant([1, 2]),
        )
        .map((value) => ({ value, defect: `${name}: bad entries` })),
    );
  }
  if (field.kind === 'int') {
    options.push(
      fc
        .oneof(
          fc.integer({ max: (schema.minimum ?? 0) - 1 }),
          fc.constant(1.5),
          fc.constant('7'),
          ...(schema.maximum !== undefined ? [fc.integer({ min: schema.maximum + 1 })] : []),
        )
        .map((value) => ({ value, defect: `${name}: not a whole number in range` })),
    );
  }
  return fc.oneof(...options);
}
