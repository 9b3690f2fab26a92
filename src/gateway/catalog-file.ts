import { readFile } from 'node:fs/promises';
import { parsedJsonText } from '../body/escaped-keys.js';
import { isJsonObject } from '../core/json-object.js';
import { maskDestination } from '../core/masking.js';
import { validate, type RootName } from '../core/validators.js';
import type { Catalog } from './catalog.js';
import { jsonErrorOffset, positionOf } from './json-error-position.js';
import { GATEWAY_WORKSPACE_ID } from './workspace.js';

/**
 * A `--catalog` file the gateway will not serve: where (a line and column, or a JSON Pointer into the file) and
 * why, never a piece of its text, which may hold a destination's secret.
 */
export class CatalogFileError extends Error {
  override readonly name = 'CatalogFileError';
}

/** What the first problem is and where: `pointer` is a JSON Pointer into the file, '' for the whole of it. */
interface Problem {
  pointer: string;
  message: string;
}

const fields = ['models', 'providers', 'destinations'] as const;

/** The first issue of `body` as the response `root` would carry it, its `/data` moved to `at` in the file. */
function responseProblem(root: RootName, data: unknown, at: string): Problem | null {
  const result = validate(root, { data });
  if (result.ok) return null;
  const issue = result.error.error.metadata?.issues?.[0];
  const path = issue?.path ?? '';
  return {
    pointer: path.startsWith('/data') ? `${at}${path.slice('/data'.length)}` : at,
    message: issue?.message ?? 'does not match the response schema',
  };
}

function firstProblem(file: unknown): Problem | null {
  if (!isJsonObject(file)) {
    return { pointer: '', message: 'must be an object with models, providers and destinations arrays' };
  }
  // The field is not named: like an issue's path (contract: issue-paths), the message holds no made-up name.
  if (Object.keys(file).some((key) => !(fields as readonly string[]).includes(key))) {
    return { pointer: '', message: 'must have only the fields models, providers and destinations' };
  }
  for (const field of fields) {
    if (!Array.isArray(file[field])) return { pointer: `/${field}`, message: 'must be an array' };
  }
  const { models, providers, destinations } = file as Record<(typeof fields)[number], unknown[]>;
  const seen = new Map<unknown, number>();
  for (const [i, model] of models.entries()) {
    const problem = responseProblem('model-endpoints-response', model, `/models/${i}`);
    if (problem) return problem;
    const id = (model as { id: string }).id;
    if (seen.has(id))
      return { pointer: `/models/${i}/id`, message: `repeats the id of /models/${seen.get(id)}` };
    seen.set(id, i);
  }
  const providersProblem = responseProblem('providers-response', providers, '/providers');
  if (providersProblem) return providersProblem;
  for (const [i, destination] of destinations.entries()) {
    // Served masked (contract: secret-masking), so the masked form is what must match the response schema.
    const masked =
      typeof destination === 'object' && destination !== null ? maskDestination(destination) : destination;
    const problem = responseProblem('observability-destination-response', masked, `/destinations/${i}`);
    if (problem) return problem;
    if ((destination as { workspace_id: string }).workspace_id.toLowerCase() !== GATEWAY_WORKSPACE_ID) {
      return {
        pointer: `/destinations/${i}/workspace_id`,
        message: `must be ${GATEWAY_WORKSPACE_ID}, the reference gateway's one workspace`,
      };
    }
  }
  return null;
}

/** Checks a parsed catalog against the response schemas; throws `CatalogFileError` at its first problem. */
export function checkCatalog(file: unknown, name: string): Catalog {
  const problem = firstProblem(file);
  if (problem) throw new CatalogFileError(`${name}: ${problem.pointer || '(root)'} ${problem.message}`);
  return file as Catalog;
}

/** Reads a `--catalog` file: JSON with models (and their endpoints), providers and observability destinations. */
export async function loadCatalogFile(path: string): Promise<Catalog> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new CatalogFileError(
      `${path}: cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
    );
  }
  // A byte order mark may start a JSON text (RFC 8259, section 8.1); JSON.parse would not take it.
  if (text.startsWith('\uFEFF')) text = text.slice(1);
  let parsed: unknown;
  try {
    // Keys as the text writes them, even on a Node whose JSON.parse decodes an escaped key wrongly.
    parsed = parsedJsonText(text);
  } catch {
    // The engine's message quotes the text around the error; its position is all that is said.
    const { line, column } = positionOf(text, Math.max(0, jsonErrorOffset(text)));
    throw new CatalogFileError(`${path}: is not JSON at line ${line}, column ${column}`);
  }
  return checkCatalog(parsed, path);
}
