import { rootSchemas } from '../../schemas/roots.js';
import { operations, type Operation } from '../../src/core/operations.js';
import { emittedSchemaSources, fileDescription } from './emit.js';
import { blockKindsTable, limitsTable, presetConfigKeysList, requestFieldsTable } from './schema-tables.js';

/**
 * The tables of the documentation that list the operations, the root names or the schema files, written from the
 * operations table and the schemas, so a new operation or schema reaches the pages by `npm run generate`, never by
 * hand (the request fields, block kinds, limits and preset-config keys are in schema-tables.ts). Prettier aligns the columns when the page is written (build/documents/doc-blocks.ts).
 */

function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

const code = (text: string) => `\`${text}\``;

/** One row per operation, in the table's order (README.md, docs/contract.md#operations). */
export function operationsTable(): string {
  return table(
    ['Operation id', 'Method and path', 'Key', 'Request body', 'Success (200)', 'Error statuses it lists'],
    (Object.values(operations) as Operation[]).map((operation) => [
      code(operation.id),
      code(`${operation.method} ${operation.path}`),
      operation.auth,
      operation.body === null ? 'none' : code(operation.body),
      code(operation.success),
      operation.errors.join(', '),
    ]),
  );
}

/** One row per file of `dist/schemas/` in the default profile, with the description the file carries. */
export function schemaFilesTable(): string {
  return table(
    ['file (`dist/schemas/`)', 'its `description`'],
    Object.keys(emittedSchemaSources()).map((file) => [code(`${file}.json`), fileDescription(file) ?? '']),
  );
}

/** The type guard of a root: `validate` and its name in PascalCase (`validateMessagesRequest`). */
export function guardName(root: string): string {
  return `validate${root.replace(/(?:^|-)(\w)/g, (_, letter: string) => letter.toUpperCase())}`;
}

/** One row per root name `validate` takes (docs/validation.md), with its type guard and what its schema file says. */
export function rootsTable(): string {
  return table(
    ['name', 'type guard', 'validates'],
    Object.keys(rootSchemas).map((name) => [code(name), code(guardName(name)), fileDescription(name) ?? '']),
  );
}

/** Every generated block, by the name its markers carry. */
export const docTables: Readonly<Record<string, () => string>> = {
  operations: operationsTable,
  'schema-files': schemaFilesTable,
  roots: rootsTable,
  'request-fields': requestFieldsTable,
  'block-kinds': blockKindsTable,
  limits: limitsTable,
  'preset-config-keys': presetConfigKeysList,
};
