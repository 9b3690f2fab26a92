import { paramsSchemas } from '../../schemas/params.js';
import { rootSchemas } from '../../schemas/roots.js';
import { badParamStatus, operations, type Operation, type OperationId } from '../../src/core/operations.js';
import { emittedSchemaSources, fileDescription } from './emit.js';
import { markdownTable } from './markdown-table.js';
import {
  blockKindsTable,
  limitsTable,
  presetConfigKeysList,
  requestFieldsTable,
  wrapped,
} from './schema-tables.js';

/**
 * The tables of the documentation that list the operations, the root names or the schema files, written from the
 * operations table and the schemas, so a new operation or schema reaches the pages by `npm run generate`, never by
 * hand (the request fields, block kinds, limits and preset-config keys are in schema-tables.ts). Each table is
 * written unpadded, and Prettier leaves it so (build/documents/markdown-table.ts).
 */

const code = (text: string) => `\`${text}\``;

/** One row per operation, in the table's order (README.md, docs/contract.md#operations). */
export function operationsTable(): string {
  return markdownTable(
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
  return markdownTable(
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
  return markdownTable(
    ['name', 'type guard', 'validates'],
    Object.keys(rootSchemas).map((name) => [code(name), code(guardName(name)), fileDescription(name) ?? '']),
  );
}

/** What each level of key lets through (contract: authentication), as an operation's `Key` line says it. */
const keyNeeded: Readonly<Record<Operation['auth'], (operation: Operation) => string>> = {
  management: (operation) =>
    operation.errors.includes(403) ? 'a management key; a standard key gets 403' : 'a management key',
  key: () => 'any valid key, management or standard',
  public: () => 'none needed; a missing, malformed or unknown key is simply anonymous',
};

/** The path parameters' line: each parameter's schema in its own words, and the status of a bad one. */
function pathLine(operation: Operation): string {
  const schemas = (paramsSchemas as Partial<Record<string, { properties: Record<string, object> }>>)[
    operation.id
  ];
  const names = Object.keys(operation.params);
  if (names.length === 0 || schemas === undefined) return 'No path parameters.';
  const described = names.map((name) => {
    const description = (schemas.properties[name] as { description?: string } | undefined)?.description;
    return `${code(name)}: ${description ?? 'a string'}`;
  });
  const status = badParamStatus(operation);
  const why = status === 404 ? ', since the operation lists no 400' : '';
  return `**Path** ${described.join('; ')}. A bad parameter gets ${status}${why}.`;
}

/**
 * The head of an operation's section of the contract (contract: operations): its method and path, its summary,
 * and its path parameters, key, success and error statuses, each written once, in its record of
 * schemas/operations.ts. The section's prose under it says only what the record does not.
 */
export function operationSection(id: OperationId): string {
  const operation: Operation = operations[id];
  return [
    `### ${operation.method} ${operation.path}`,
    '',
    `${operation.summary}.`,
    '',
    wrapped(`- ${pathLine(operation)}`),
    wrapped(`- **Key**: ${keyNeeded[operation.auth](operation)}.`),
    wrapped(
      `- **Success**: 200, body ${code(operation.success)}. **Errors**: ${operation.errors.join(', ')}.`,
    ),
  ].join('\n');
}

/** Every generated block, by the name its markers carry: the fixed ones, and `operation-<id>` for each operation. */
export const docTables: Readonly<Record<string, () => string>> = {
  ...Object.fromEntries(
    (Object.keys(operations) as OperationId[]).map((id) => [`operation-${id}`, () => operationSection(id)]),
  ),
  operations: operationsTable,
  'schema-files': schemaFilesTable,
  roots: rootsTable,
  'request-fields': requestFieldsTable,
  'block-kinds': blockKindsTable,
  limits: limitsTable,
  'preset-config-keys': presetConfigKeysList,
};
