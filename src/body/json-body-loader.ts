import { loadedOnFirstUse } from '../core/load-on-first-use.js';
import type { BodyLimits } from './body-limits.js';
import type { JsonObjectResult } from './json-body.js';

/**
 * The body guards and the parse (json-body.ts, with the careful parser and the scans it calls), loaded the first
 * time the main entry's `parseJsonBody` is called: `validate()` never needs them. The HTTP layer imports them.
 */
export const jsonBody = /* @__PURE__ */ loadedOnFirstUse<
  Pick<typeof import('./json-body.js'), 'parseJsonBody'>
>('json-body', () => import.meta.url, './json-body.js');

/**
 * A raw request body as a JSON object, or the error body a server sends, never throwing on input: the body
 * guards (docs/contract.md#body-limits), then the parse: `parseJsonBody` of json-body.ts, loaded on the first call.
 */
export function parseJsonBody(body: string | Uint8Array, limits: BodyLimits = {}): JsonObjectResult {
  return jsonBody().parseJsonBody(body, limits);
}
