import type * as runtime from '../../src/runtime/validator-runtime.js';
import { fail, parse } from './ast.js';
import { dropSettledBookkeeping } from './bookkeeping.js';
import { lazySubcalls, valueOnlySignatures } from './calls.js';
import {
  compactFailures,
  namesRead,
  schemaConstantsReadBy,
  takeSchemaConstants,
  wordErrorSites,
  type ErrorSiteEntry,
  type SiteWording,
} from './error-sites.js';
import { compactErrorPushes } from './error-pushes.js';
import { helperBindings, runtimeImport, takeRequires, type RuntimeName } from './imports.js';
import { mergeDuplicates } from './merge.js';

export { runtimeSpecifier } from './keywords.js';

/**
 * Build time: rewrites Ajv's standalone code so that a valid value costs only its checks (calls.ts, error-sites.ts,
 * bookkeeping.ts, merge.ts) and a first rejection parses less (error-pushes.ts). Each pass counts what it changed
 * on the syntax tree and fails the build naming itself, the shape and the Ajv version, so a new Ajv can never
 * silently change what the validators accept or report.
 */

export interface RewriteOptions extends SiteWording {
  /** Ajv's `allErrors` code never fails at a site, so it has no failures to compact. */
  collectsAll?: boolean;
}

/** The helpers the passes call, besides those Ajv's code reaches through its keywords. */
const passHelpers = ['errorSiteHelpers', 'prefixed'] as const satisfies readonly RuntimeName[];

/** The error-site helpers bound over the table with `errorSiteHelpers`. */
type SiteHelper = keyof runtime.ErrorSiteHelpers;
const siteHelpers: SiteHelper[] = ['failAt', 'failAtWith', 'siteError', 'siteErrorWith', 'withError'];

/** The table of error sites and the helpers bound over it. */
function errorSiteTable(sites: Readonly<Record<string, ErrorSiteEntry>>): string {
  // JSON text parsed at the first error, so loading the module builds nothing; `var`, because V8 checks a `const`'s
  // TDZ at each of ~1300 call sites (measured: the large request validated 7% slower).
  return `const errorSiteText = ${JSON.stringify(JSON.stringify(sites))};
var {${siteHelpers.join(', ')}} = errorSiteHelpers(errorSiteText);
`;
}

/** Rewrites the standalone module Ajv generated for the validators; see the top of this file. */
export function rewriteStandalone(code: string, options: RewriteOptions): string {
  const names = namesRead(code);
  const added = [...passHelpers, ...siteHelpers, 'errorSiteText', 'ucs2length', 'codeUnitAt', 'firstMissing'];
  for (const name of added.filter((name) => names.has(name)))
    fail('helpers', `Ajv's code already uses the name ${name}`);
  const { code: withoutRequires, helpers } = takeRequires(code);
  const { code: withoutSchemas, schemas } = takeSchemaConstants(withoutRequires);
  let out = lazySubcalls(withoutSchemas);
  const worded = wordErrorSites(out, schemas, new Set(helpers.keys()), options);
  out = options.collectsAll === true ? worded.code : compactFailures(worded.code);
  out = valueOnlySignatures(out);
  out = dropSettledBookkeeping(out);
  out = compactErrorPushes(mergeDuplicates(out));
  const prologue = parse(out).body[0];
  if (prologue?.directive !== 'use strict') fail('helpers', `the code does not start with "use strict"`);
  // An ES module is strict without the prologue.
  const body = `${helperBindings(helpers)}${errorSiteTable(worded.sites)}${schemaConstantsReadBy(out, schemas)}${out.slice(prologue.end)}`;
  return `${runtimeImport([...helpers.values(), ...passHelpers])}\n${body}`;
}
