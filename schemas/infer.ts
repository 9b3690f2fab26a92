import type { FromSchema, JSONSchema } from 'json-schema-to-ts';

/**
 * The TypeScript type of a schema. Defaulted properties stay optional: the validators never inject defaults
 * (and a saved preset config gets none), so a value on the wire may lack them.
 */
export type Infer<S extends JSONSchema> = FromSchema<S, { keepDefaultedPropertiesOptional: true }>;
