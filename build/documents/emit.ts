import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { innerSchemas, operationSchemas, rootSchemas } from '../../schemas/index.js';
import { Draft2020Converter } from './json-schema-2020.js';
import { openApiDocument, type SchemaSet } from './openapi.js';
import { operations, type Operation } from '../../src/core/operations.js';
import { isJsonObject } from '../../src/core/json-object.js';
import { strictSchemas } from '../profiles/strict-schemas.js';

/**
 * The build step after tsc: writes `dist/schemas/<name>.json` (JSON Schema 2020-12, one file per root, the
 * preset config and each operation's path parameters) and `dist/openapi.json`, for services that do not run this
 * library. `npm run build` runs it; the files are derived, never committed.
 */

/**
 * The `$id` prefix. A URN names a schema without promising a place to fetch it from (the project serves no
 * schema host); `v1` is the interface's version (contract: versioning), so ids stay stable across releases of
 * the same wire.
 */
export const SCHEMA_ID_PREFIX = 'urn:gateway-contract:v1:';

/** A named subschema smaller than this stays inline: a `$ref` to a one-line leaf reads worse than the leaf. */
const DEFINITION_MIN_LENGTH = 200;

/** Every schema that gets a file, by file name (without `.json`): the same names `validate` and the cases use. */
export function emittedSchemaSources(): Record<string, object> {
  const sources: Record<string, object> = { ...rootSchemas, ...innerSchemas };
  for (const [id, { params }] of Object.entries(operationSchemas)) {
    if (params !== null) sources[`params/${id}`] = params;
  }
  return sources;
}

function pascalCase(name: string): string {
  return name.replace(/(?:^|[-/_])(\w)/g, (_, letter: string) => letter.toUpperCase());
}

/**
 * The names of schemas/ exports, by object: what the TypeScript source calls a concept is what its definition
 * and OpenAPI component are called (`textBlock` -> `TextBlock`). Modules are listed from the sources, not from
 * dist/, so a stale compiled module of a deleted file is never read.
 */
async function exportNames(): Promise<Map<object, string>> {
  const sourceDir = new URL('../../../schemas/', import.meta.url);
  const modules = readdirSync(sourceDir)
    .filter((file) => file.endsWith('.ts'))
    .sort();
  const names = new Map<object, string>();
  const owners = new Map<string, object>();
  for (const file of modules) {
    const stem = file.replace(/\.ts$/, '');
    const module = (await import(`../../schemas/${stem}.js`)) as Record<string, unknown>;
    for (const [exported, value] of Object.entries(module)) {
      if (!isJsonObject(value) || names.has(value)) continue;
      let name = pascalCase(exported);
      if (owners.has(name)) name = pascalCase(stem) + name;
      names.set(value, name);
      owners.set(name, value);
    }
  }
  return names;
}

const routeOf = (operation: Operation) => `\`${operation.method} ${operation.path}\``;

/**
 * What a root is for, from the operations table, for roots whose schema does not say it itself: a success body
 * names every operation that answers with it.
 */
function roleOf(file: string): string | undefined {
  const entries = Object.values(operations) as Operation[];
  const withParams = entries.find((operation) => file === `params/${operation.id}`);
  if (withParams !== undefined) {
    return `The path parameters of ${routeOf(withParams)}, as the decoded strings a router hands over.`;
  }
  const answering = entries.filter((operation) => operation.success === file);
  if (answering.length === 0) return undefined;
  const routes = answering.map((operation) => `${routeOf(operation)} (${operation.id})`);
  return `The body of a 200 response to ${new Intl.ListFormat('en').format(routes)}.`;
}

/**
 * The `description` an emitted file carries: the schema's own, which the converter keeps over the role it is
 * given, else its role in the operations table.
 */
export function fileDescription(file: string): string | undefined {
  const own = (emittedSchemaSources()[file] as { description?: unknown } | undefined)?.description;
  return typeof own === 'string' ? own : roleOf(file);
}

function convertAll(converter: Draft2020Converter, names: Map<object, string>): SchemaSet {
  const schemas = Object.fromEntries(
    Object.entries(emittedSchemaSources()).map(([file, root]) => [
      file,
      converter.document(root, SCHEMA_ID_PREFIX + file, names.get(root) ?? pascalCase(file), roleOf(file)),
    ]),
  );
  return { schemas, definitions: converter.allDefinitions() };
}

/** The directory and `$id` segment of the strict profile's files (docs/contract.md#unknown-properties). */
export const STRICT_PREFIX = 'strict/';

/**
 * The strict profile's files, `strict/<name>`: the same schemas with every object whose shape is known closed
 * to other properties, so a service without this library rejects what `validate(..., { profile: 'strict' })` does.
 */
function strictFiles(): SchemaSet['schemas'] {
  const converter = new Draft2020Converter(() => undefined);
  const sources = strictSchemas(emittedSchemaSources());
  return Object.fromEntries(
    Object.entries(sources).map(([file, root]) => [
      `${STRICT_PREFIX}${file}`,
      converter.document(
        root,
        `${SCHEMA_ID_PREFIX}${STRICT_PREFIX}${file}`,
        `${pascalCase(file)}Strict`,
        roleOf(file),
      ),
    ]),
  );
}

/**
 * The schema files are self-contained, as schemas/ composes them (by import, never `$ref`): a validator reads
 * them without resolving a reference, which some implementations get wrong against a URN base. The OpenAPI
 * document names the concepts instead (`TextBlock`, `Plugin`), as components that code generators turn into types.
 */
export async function emitDocuments(): Promise<{ files: SchemaSet; openApi: SchemaSet }> {
  const names = await exportNames();
  const lengths = new Map<object, number>();
  const named = new Draft2020Converter((node) => {
    const name = names.get(node);
    if (name === undefined) return undefined;
    let length = lengths.get(node);
    if (length === undefined) lengths.set(node, (length = JSON.stringify(node).length));
    return length >= DEFINITION_MIN_LENGTH ? name : undefined;
  });
  const files = convertAll(new Draft2020Converter(() => undefined), names);
  return {
    files: { ...files, schemas: { ...files.schemas, ...strictFiles() } },
    openApi: convertAll(named, names),
  };
}

function writeJson(path: string, value: unknown): number {
  const text = `${JSON.stringify(value, null, 2)}\n`;
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  return text.length;
}

/** Removes JSON files of a previous build under dist/schemas/ (the compiled modules there are tsc's). */
function removeEmittedJson(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name.endsWith('.json')) rmSync(`${entry.parentPath}/${entry.name}`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const schemasDir = fileURLToPath(new URL('../../schemas/', import.meta.url));
  const requestExample = new URL('../../../schemas/examples/messages-request.json', import.meta.url);
  const documents = await emitDocuments();
  removeEmittedJson(schemasDir);
  let bytes = 0;
  for (const [file, schema] of Object.entries(documents.files.schemas)) {
    bytes += writeJson(`${schemasDir}${file}.json`, schema);
  }
  const openApiBytes = writeJson(
    fileURLToPath(new URL('../../openapi.json', import.meta.url)),
    openApiDocument(documents.openApi, JSON.parse(readFileSync(requestExample, 'utf8'))),
  );
  console.log(
    `wrote ${Object.keys(documents.files.schemas).length} JSON Schemas to dist/schemas/ (${bytes} bytes) ` +
      `and dist/openapi.json (${openApiBytes} bytes)`,
  );
}
