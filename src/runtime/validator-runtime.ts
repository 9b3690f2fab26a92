/**
 * The run-time helpers the precompiled validators (src/generated/validators.js) import: written here rather than
 * as text in the build so they are type-checked, linted and unit-tested. The module imports nothing, so the
 * bundle ships it as one small file beside the generated one (build/bundle.ts).
 */

/**
 * `String.prototype.charCodeAt`, taken once so a read does not look the method up on String.prototype, which V8
 * turns into a slow dictionary as soon as any code in the process subclasses String.
 */
export const codeUnitAt: (this: string, index: number) => number = String.prototype.charCodeAt;

/**
 * The same, as a module-local `const` for `ucs2length`: V8 inlines charCodeAt at a `.call` through a local `const`,
 * not through an export, which it reads from a cell (measured: a 200-emoji string counted 4.5 times slower).
 */
const localCodeUnitAt = codeUnitAt;

/** Ajv's `ucs2length` (lengths in code points, contract: characters): a surrogate pair counts as one, a lone surrogate as one too. */
export function ucs2length(str: string): number {
  const len = str.length;
  let length = 0;
  let pos = 0;
  let value: number;
  while (pos < len) {
    length++;
    value = localCodeUnitAt.call(str, pos++);
    if (value >= 0xd800 && value <= 0xdbff && pos < len) {
      value = localCodeUnitAt.call(str, pos);
      if ((value & 0xfc00) === 0xdc00) pos++;
    }
  }
  return length;
}

/** Slots of a letter-pair table: one per pair of capital letters `AA` to `ZZ`, then one for null. */
const LETTER_PAIRS = 26 * 26;

/** The slot of a string in a letter-pair table, or -1 for anything but two capital letters. */
function letterPairSlot(value: string): number {
  if (value.length !== 2) return -1;
  const first = localCodeUnitAt.call(value, 0) - 65;
  const second = localCodeUnitAt.call(value, 1) - 65;
  return first >= 0 && first < 26 && second >= 0 && second < 26 ? first * 26 + second : -1;
}

/**
 * The table of an `enum` of two capital letters each (and null), the country codes: one byte per pair, so
 * checking a value reads two char codes instead of hashing a string for a Set (1.4 of a providers list's 9 µs).
 */
export function letterPairTable(values: readonly (string | null)[]): Uint8Array {
  const table = new Uint8Array(LETTER_PAIRS + 1);
  for (const value of values) table[value === null ? LETTER_PAIRS : letterPairSlot(value)] = 1;
  return table;
}

/** Whether `data` is one of the values of a `letterPairTable`. */
export function inLetterPairs(table: Uint8Array, data: unknown): boolean {
  if (typeof data !== 'string') return data === null && table[LETTER_PAIRS] === 1;
  const slot = letterPairSlot(data);
  return slot >= 0 && table[slot] === 1;
}

/** One error of a precompiled validator, the shape Ajv reports with its messages worded at build time. */
export interface SiteError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message: string;
}

/** One entry of the generated table of error sites; `params` is null where they are only known at run time. */
export interface ErrorSite {
  readonly keyword: string;
  readonly params: Readonly<Record<string, unknown>> | null;
  readonly message: string;
}

/** A generated validator, which keeps the errors of its last call as Ajv's do. */
export interface ReportingValidator {
  errors?: SiteError[] | null;
}

/** The first of `names` that `data` lacks: required checks read the properties only, and name one on failure. */
export function firstMissing(
  data: Readonly<Record<string, unknown>>,
  names: readonly string[],
): string | undefined {
  for (const name of names) {
    if (data[name] === undefined) return name;
  }
  return undefined;
}

/**
 * A failed sub-validator's `errors` added to the caller's, each path prefixed with the segment that leads to the
 * sub-validator's value: the segment is built only on failure. The errors are the sub-validator's own fresh objects.
 */
export function prefixed(vErrors: SiteError[] | null, errors: SiteError[], segment?: string): SiteError[] {
  if (segment !== undefined) {
    for (let i = 0; i < errors.length; i++) errors[i]!.instancePath = segment + errors[i]!.instancePath;
  }
  return vErrors === null ? errors : vErrors.concat(errors);
}

/** `value` frozen all the way down, so an error's `params`, shared by every error of its site, stays as worded. */
export function deepFreeze<T>(value: T): T {
  if (typeof value == 'object' && value !== null) {
    for (const key in value) deepFreeze(value[key]);
    Object.freeze(value);
  }
  return value;
}

/**
 * Where a site is in its table: a key of the generated module's table (an object, so a site added renames no
 * other), or an index of the shipped copies', which the bundle numbers from 0.
 */
export type SiteKey = string | number;

/**
 * A site as the ES module copies of each root write it (build/split-validators.ts): `[keyword, params,
 * message]`, a third shorter than the object, for a Worker's bundle.
 */
export type ShippedSite = readonly [keyword: string, params: ErrorSite['params'], message: string];

/** The sites of a table written as `ShippedSite`s, as objects: read when the table is first needed. */
export function shippedSites(text: string): ErrorSite[] {
  return (JSON.parse(text) as ShippedSite[]).map(([keyword, params, message]) => ({
    keyword,
    params,
    message,
  }));
}

/** The helpers that turn a site's key in the table of error sites into an error. */
export interface ErrorSiteHelpers {
  /**
   * The site at `site`, frozen; the table is parsed on the first call, so loading the module never builds it,
   * and each site frozen on its own first use.
   */
  errorSite(site: SiteKey): ErrorSite;
  /** The error of a site whose params were known at build time. */
  siteError(instancePath: string, site: SiteKey): SiteError;
  /** The error of a site whose params are computed at run time. */
  siteErrorWith(instancePath: string, site: SiteKey, params: Record<string, unknown>): SiteError;
  /** Sets `validate.errors` to the one error of a site and returns false, as a failing validator does. */
  failAt(validate: ReportingValidator, instancePath: string, site: SiteKey): false;
  /**
   * The list of errors with one more, made for the first: one statement at each of a validator's error sites,
   * where `(vErrors ??= []).push(error)` made a union's failed branches on the accept path a tenth slower (an
   * empty list grows to room for 17 at its first push, where `[error]` is made to hold one).
   */
  withError(errors: SiteError[] | null, error: SiteError): SiteError[];
  /** `failAt` for a site whose params are computed at run time. */
  failAtWith(
    validate: ReportingValidator,
    instancePath: string,
    site: SiteKey,
    params: Record<string, unknown>,
  ): false;
}

/**
 * The error-site helpers over one table, given as JSON text (`errorSiteText`) because a string literal costs
 * nothing to load while an object literal of hundreds of sites would be built at every import; or as the
 * function that reads it, called on the first error.
 */
export function errorSiteHelpers(
  errorSiteText: string | (() => Readonly<Record<SiteKey, ErrorSite>>),
): ErrorSiteHelpers {
  let errorSites: Readonly<Record<SiteKey, ErrorSite>> | null = null;
  function errorSite(site: SiteKey): ErrorSite {
    errorSites ??=
      typeof errorSiteText === 'string'
        ? (JSON.parse(errorSiteText) as Record<SiteKey, ErrorSite>)
        : errorSiteText();
    const entry = errorSites[site]!;
    // Each site frozen on its first use, since freezing every site made a first rejection 5 ms.
    if (!Object.isFrozen(entry)) deepFreeze(entry);
    return entry;
  }
  function siteError(instancePath: string, site: SiteKey): SiteError {
    const { keyword, params, message } = errorSite(site);
    return { instancePath, keyword, params: params as Record<string, unknown>, message };
  }
  function siteErrorWith(instancePath: string, site: SiteKey, params: Record<string, unknown>): SiteError {
    const { keyword, message } = errorSite(site);
    return { instancePath, keyword, params, message };
  }
  function failAt(validate: ReportingValidator, instancePath: string, site: SiteKey): false {
    const { keyword, params, message } = errorSite(site);
    validate.errors = [{ instancePath, keyword, params: params as Record<string, unknown>, message }];
    return false;
  }
  function failAtWith(
    validate: ReportingValidator,
    instancePath: string,
    site: SiteKey,
    params: Record<string, unknown>,
  ): false {
    const { keyword, message } = errorSite(site);
    validate.errors = [{ instancePath, keyword, params, message }];
    return false;
  }
  function withError(errors: SiteError[] | null, error: SiteError): SiteError[] {
    if (errors === null) return [error];
    errors.push(error);
    return errors;
  }
  return { errorSite, siteError, siteErrorWith, failAt, failAtWith, withError };
}
