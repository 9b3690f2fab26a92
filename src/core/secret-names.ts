import {
  HEADER_MAP_NAME,
  SECRET_CONFIG_FIELDS,
  SECRET_QUERY_NAME_PARTS,
} from '../../schemas/masked-secret.js';

/*
 * The names that mark a secret (schemas/masked-secret.ts, contract: secret-masking), compared without case. Only
 * ASCII letters are folded, as the JSON Schema files fold them (`[Aa][Pp][Ii]...`), so both read a name alike.
 */

/** `name` with its ASCII capitals lowered, and nothing else changed. */
export function lowerAscii(name: string): string {
  return /[A-Z]/.test(name) ? name.replace(/[A-Z]/g, (letter) => letter.toLowerCase()) : name;
}

const secretFieldNames: ReadonlySet<string> = new Set(SECRET_CONFIG_FIELDS.map(lowerAscii));

/** Whether a config key names a secret field (`apiKey`, `APIKEY`, `token`, ...). */
export function isSecretName(name: string): boolean {
  return secretFieldNames.has(lowerAscii(name));
}

/** Whether a config key names a header map (`headers`, `Headers`). */
export function isHeaderMapName(name: string): boolean {
  return name.length === HEADER_MAP_NAME.length && lowerAscii(name) === HEADER_MAP_NAME;
}

function holdsSecretWord(name: string): boolean {
  const lowered = lowerAscii(name);
  return SECRET_QUERY_NAME_PARTS.some((part) => lowered.includes(part));
}

/**
 * Whether a URL query parameter's name marks its value secret: it contains `key`, `token`, `secret`,
 * `password`, `sig`, `auth` or `credential`, without case, as written or percent-decoded (`%74oken`).
 */
export function isSecretQueryName(name: string): boolean {
  if (holdsSecretWord(name)) return true;
  if (!name.includes('%')) return false;
  try {
    return holdsSecretWord(decodeURIComponent(name));
  } catch {
    // Not valid percent-encoding: its spelling as written is its name.
    return false;
  }
}
