/**
 * Keywords whose value is a map of names to schemas, a list of schemas, or one schema, spelled alike in draft-07
 * and 2020-12; a walker over either draft adds the keywords only its own draft spells so.
 */
export const schemaMaps: ReadonlySet<string> = new Set(['properties', 'patternProperties']);
export const schemaLists: ReadonlySet<string> = new Set(['allOf', 'anyOf', 'oneOf']);
export const schemaValues: ReadonlySet<string> = new Set([
  'additionalProperties',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
]);
