import { type Schema } from '../route';

/** The fields of `T` that are not optional. */
export type RequiredKeys<T> = {
  [K in keyof T]-?: object extends Pick<T, K> ? never : K;
}[keyof T];

/** `required` as given, or a type no array literal has when it leaves out a required field. */
type AllOf<View, Given extends readonly PropertyKey[]> = [
  Exclude<RequiredKeys<View>, Given[number]>,
] extends [never]
  ? Given
  : { missingFromRequired: Exclude<RequiredKeys<View>, Given[number]> };

/**
 * An object view's JSON Schema, checked against the TypeScript view the daemon answers with
 * (`View`, e.g. `NotificationJson`) when it compiles: `properties` has one entry per field of
 * the view, no more and no fewer, and `required` lists exactly its non-optional fields. The
 * view stays the one declaration of the shape; this schema cannot drift from it, and the web
 * app's types are generated from the schema (`npm run gen:web-types`).
 */
export function viewSchema<View>() {
  return <const Given extends readonly RequiredKeys<View>[]>(
    properties: { readonly [K in keyof View]-?: Schema },
    required: AllOf<View, Given>,
    more: Schema = {},
  ): Schema => ({ type: 'object', ...more, required: [...(required as Given)], properties });
}
