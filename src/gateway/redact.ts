/** Texts the gateway knows and must never print again: keys, the database password. */
export interface Secrets {
  /** Adds secrets; empty and null values are ignored. */
  add(...secrets: ReadonlyArray<string | null | undefined>): void;
  /** `text` with every whole occurrence of a known secret replaced by `[redacted]`, in one pass. */
  redact(text: string): string;
}

/** What stands for a secret in a printed line. */
export const REDACTED = '[redacted]';

/**
 * A secret this long is redacted wherever it occurs: no word holds so long a run of another's by chance, and a
 * key shorter than this is refused. A shorter one, such as a database password `e` or `postgres`, is redacted
 * only where it stands as a word of its own, so that `GET /healthz` keeps its letters while `/presets/e` loses
 * the `e`: a letter or digit right before or after an occurrence makes it part of another word, not the secret.
 */
export const REDACTED_ANYWHERE_FROM = 16;

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The pattern of one secret's whole occurrences. */
function occurrences(secret: string): string {
  if (secret.length >= REDACTED_ANYWHERE_FROM) return escaped(secret);
  return `(?<![\\p{L}\\p{N}])${escaped(secret)}(?![\\p{L}\\p{N}])`;
}

/**
 * The last net under what the gateway prints: a log line or an error message that came from elsewhere (a
 * driver, the database server, a client's path) may quote a secret, and loses it here. One pass over the text,
 * the longest secret tried first at each place, so a secret that holds another is replaced whole and no
 * replacement is ever cut into by the next: the line reads as it would with a secret of any other length.
 */
export function secretsToRedact(): Secrets {
  let known: string[] = [];
  let pattern: RegExp | null = null;
  return {
    add(...secrets) {
      const added = secrets.filter((secret): secret is string => !!secret && !known.includes(secret));
      if (added.length === 0) return;
      known = [...known, ...added].sort((a, b) => b.length - a.length);
      pattern = new RegExp(known.map(occurrences).join('|'), 'gu');
    },
    redact(text) {
      return pattern === null ? text : text.replace(pattern, REDACTED);
    },
  };
}
