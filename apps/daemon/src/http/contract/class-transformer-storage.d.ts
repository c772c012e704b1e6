// class-transformer keeps its `@Type` metadata in a module it does not declare types for;
// class-validator-jsonschema reads nested classes from it.
declare module 'class-transformer/cjs/storage' {
  import { type MetadataStorage } from 'class-transformer/types/MetadataStorage';

  /** class-transformer's one metadata store. */
  export const defaultMetadataStorage: MetadataStorage;
}
