import type { ValidateFunction } from 'ajv';
import { createAjv } from './core/ajv.js';
import { withSharedRefs } from './core/schema-refs.js';

let sharedAjv: ReturnType<typeof createAjv> | undefined;

/**
 * Compiles a schema at run time with the library's Ajv options, for users who extend the schemas. The
 * validators the library exports are precompiled at build time and never come through here; this one uses
 * `new Function`, so it is unavailable where code generation is forbidden (Cloudflare Workers, strict CSP).
 */
export function compileValidator<T = unknown>(schema: object): ValidateFunction<T> {
  sharedAjv ??= createAjv();
  return sharedAjv.compile<T>(withSharedRefs(schema));
}
