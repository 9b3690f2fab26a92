import {
  DESCRIBING_NAME_WORDS,
  HEADER_NAME_WORDS,
  MASKED_SECRET_PATTERN,
  SECRET_NAME_WORDS,
} from '../../schemas/masked-secret.js';
import { CREDENTIAL_FAMILIES } from './credential-families.js';
import { tooDeepMessage } from './errors.js';
import { isSecretName, secretNameKind } from './secret-names.js';
import { stringSecretRanges } from './string-secrets.js';

/*
 * Where a destination config holds a secret (contract: secret-masking), walked alike by the masker
 * (src/core/masking.ts) and the destination validator, so that the one masks exactly what the other checks:
 * the value under a secret name, every value of a header map, and in a list the value of a pair whose name is a
 * secret name, each a secret as a whole, at any depth; and, in every other string, its secret parts, the tokens
 * of credential families among them (src/core/string-secrets.ts).
 */

/** An object or array of a config: what holds a value under a key or an index. */
export type Holder = Record<string, unknown> | unknown[];

type SecretKind = 'field' | 'header' | 'pair';

export interface SecretVisitor {
  /**
   * `holder[key]` is a secret as a whole: under a secret name (`field`), in a header map, or the value of a pair
   * in a list. True stops.
   */
  secret(holder: Holder, key: string | number, kind: SecretKind): boolean;
  /** `holder[key]` is `text`, a string outside any such secret, whose secret parts are `ranges`. True stops. */
  url(holder: Holder, key: string | number, text: string, ranges: readonly number[]): boolean;
}

/** No value sits deeper than this many levels in a body (contract: body-limits). */
const MAX_LEVELS = 64;

type Outcome = 'stopped' | 'too deep' | undefined;

/** The fields that name a pair's value in a list: `{ name, value }`, `{ key, value }`, `{ header, value }`. */
const PAIR_NAMES = ['name', 'key', 'header'] as const;

/**
 * Where a list's item holds the value of a pair whose name is a secret name: `{ name: 'api_key', value }` (or
 * `key`/`value`, `header`/`value`) or `['Authorization', value]`; undefined when it holds none.
 */
function secretPairValue(item: unknown): string | number | undefined {
  if (item === null || typeof item !== 'object') return undefined;
  if (Array.isArray(item)) {
    const name: unknown = item[0];
    return item.length === 2 && typeof name === 'string' && isSecretName(name) ? 1 : undefined;
  }
  const fields = item as Record<string, unknown>;
  if (!Object.hasOwn(fields, 'value')) return undefined;
  for (const field of PAIR_NAMES) {
    const name = Object.hasOwn(fields, field) ? fields[field] : undefined;
    if (typeof name === 'string' && isSecretName(name)) return 'value';
  }
  return undefined;
}

/**
 * Visits every place of a secret in `node` (at `level` of its body, the root object being level 1): it stops
 * where the visitor says so, and past the depth limit, where a secret could hide. Each object is walked once,
 * so a value built in code that shares one object in many places stays linear; a header map is read wherever
 * it is, since it nests nothing it walks.
 */
export function visitSecrets(node: unknown, level: number, visitor: SecretVisitor): Outcome {
  const seen = new Set<object>();
  const visitValue = (holder: Holder, key: string | number, at: number): Outcome => {
    const value: unknown = (holder as Record<string | number, unknown>)[key];
    if (typeof value === 'string') {
      const ranges = stringSecretRanges(value);
      return ranges.length > 0 && visitor.url(holder, key, value, ranges) ? 'stopped' : undefined;
    }
    return walk(value, at + 1);
  };

  const visitHeaderMap = (holder: Record<string, unknown>, key: string, at: number): Outcome => {
    const map = holder[key];
    if (map === null || typeof map !== 'object' || Array.isArray(map))
      return visitor.secret(holder, key, 'header') ? 'stopped' : undefined;
    if (at + 1 > MAX_LEVELS) return 'too deep';
    for (const name of Object.keys(map)) {
      if (visitor.secret(map as Record<string, unknown>, name, 'header')) return 'stopped';
    }
    return undefined;
  };

  /** Walks `value`, leaving out its `skipped` member: a pair's value, a secret as a whole and no string to scan. */
  const walk = (value: unknown, at: number, skipped?: string | number): Outcome => {
    if (value === null || typeof value !== 'object' || seen.has(value)) return undefined;
    if (at > MAX_LEVELS) return 'too deep';
    seen.add(value);
    if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index++) {
        if (index === skipped) continue;
        const item: unknown = value[index];
        // The pair's name is read before its item is walked, which may mask a `key` or `header` field.
        const pairValue = secretPairValue(item);
        if (
          pairValue !== undefined &&
          at + 1 <= MAX_LEVELS &&
          visitor.secret(item as Holder, pairValue, 'pair')
        )
          return 'stopped';
        const outcome =
          pairValue === undefined ? visitValue(value, index, at) : walk(item, at + 1, pairValue);
        if (outcome !== undefined) return outcome;
        // A masked name may read as a secret one (a mask's kept end `...pass`): its value is then a secret too.
        const maskedPairValue = pairValue === undefined ? secretPairValue(value[index]) : undefined;
        if (
          maskedPairValue !== undefined &&
          at + 1 <= MAX_LEVELS &&
          visitor.secret(value[index] as Holder, maskedPairValue, 'pair')
        )
          return 'stopped';
      }
      return undefined;
    }
    const fields = value as Record<string, unknown>;
    for (const key of Object.keys(fields)) {
      if (key === skipped) continue;
      let outcome: Outcome;
      const kind = secretNameKind(key);
      if (kind === 'secret') outcome = visitor.secret(fields, key, 'field') ? 'stopped' : undefined;
      else if (kind === 'header map') outcome = visitHeaderMap(fields, key, at);
      else outcome = visitValue(fields, key, at);
      if (outcome !== undefined) return outcome;
    }
    return undefined;
  };

  return walk(node, level);
}

/** Whether a value may stand where a secret does in a response: masked, or null, a number or a boolean. */
function isMaskedOrScalar(value: unknown, maskedPattern: RegExp): boolean {
  if (typeof value === 'string') return maskedPattern.test(value);
  return value === null || typeof value === 'number' || typeof value === 'boolean';
}

/**
 * The sentences of a config that holds a full secret, written on first need from the rule's word lists. The issue
 * points at the config, not at the secret: the names on the way to it may be no property the schema knows, and
 * an issue path never holds such a name (contract: issue-paths). It never repeats the secret either.
 */
function unmaskedSecretMessages(kind: SecretKind | 'string'): string {
  const secretName = `a name holding, as a whole word (split at _, -, ., spaces, digits and case changes, in any case), one of ${SECRET_NAME_WORDS.join(', ')}, unless its last word is ${DESCRIBING_NAME_WORDS.join(', ')}`;
  switch (kind) {
    case 'field':
      return `must hold no unmasked secret under a secret name (${secretName}) at any depth`;
    case 'header':
      return `must hold no unmasked header value: every string of a map whose name holds ${HEADER_NAME_WORDS.join(' or ')} as a word is a secret, at any depth`;
    case 'pair':
      return `must hold no unmasked value of a name-and-value pair in a list whose name is a secret name (${secretName})`;
    default:
      return `must hold no string with an unmasked secret part: a URL's password, a user name with an encoded colon, a Bearer or Basic credential, a credential of a known family (${CREDENTIAL_FAMILIES.map((entry) => entry.name).join(', ')}), or the value of a query, fragment or connection-string parameter under a secret name (${secretName})`;
  }
}

// Compiled on first need; the `u` flag matches what the schema's validator compiles, so both agree on every code point.
let maskedPattern: RegExp | undefined;

/**
 * The secret parts of a string (`ranges`, as `stringSecretRanges` gives them) that are neither masked nor empty,
 * as a list of the same kind: a response may carry a string only when there are none.
 */
export function unmaskedRanges(text: string, ranges: readonly number[]): number[] {
  const masked = (maskedPattern ??= new RegExp(MASKED_SECRET_PATTERN, 'u'));
  const unmasked: number[] = [];
  for (let i = 0; i < ranges.length; i += 2) {
    const part = text.slice(ranges[i], ranges[i + 1]);
    if (part !== '' && !masked.test(part)) unmasked.push(ranges[i]!, ranges[i + 1]!);
  }
  return unmasked;
}

/**
 * Why `config` (at `level` of its body) breaks the secret rule (contract: secret-masking), or undefined when it
 * does not: a secret that is neither masked nor a scalar (null, a number, a boolean), a string's secret part that
 * is neither masked nor empty, or a value nested past the depth limit, where a secret could hide.
 */
export function unmaskedSecretMessage(config: unknown, level: number): string | undefined {
  const masked = (maskedPattern ??= new RegExp(MASKED_SECRET_PATTERN, 'u'));
  let message: string | undefined;
  const outcome = visitSecrets(config, level, {
    secret(holder, key, kind) {
      if (isMaskedOrScalar((holder as Record<string | number, unknown>)[key], masked)) return false;
      message = unmaskedSecretMessages(kind);
      return true;
    },
    url(_holder, _key, text, ranges) {
      if (unmaskedRanges(text, ranges).length === 0) return false;
      message = unmaskedSecretMessages('string');
      return true;
    },
  });
  return outcome === 'too deep' ? tooDeepMessage(MAX_LEVELS) : message;
}
