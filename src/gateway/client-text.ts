import { maskSecret, maskSecretParts } from '../core/masking.js';
import { percentDecoded } from '../core/secret-names.js';

/*
 * Text a client chose (a path, a slug, a field's name), fit for a log line (contract: log-format): read decoded,
 * so an escape hides nothing (`%6dgmt-key-...`); every known secret redacted and every secret part masked as a
 * destination's string is, before any cut, so a cut never shows part of a secret; then escaped to printable ASCII
 * and bounded, so a crafted request cannot break or flood a line.
 */

/** How the log replaces the secrets it knows (the keys, the database password). */
export type Redact = (text: string) => string;

/** Redacts nothing: for a line built before the log's redaction is at hand. */
export const unredacted: Redact = (text) => text;

/**
 * A name this long, or one holding a run this long of letters and digits with a digit among them, reads as a
 * token rather than a name (`sk-live-51HxYz...`): it is shown masked as a secret is.
 */
const MAX_NAME = 64;
const TOKEN_RUN = /(?=[A-Za-z]*[0-9])[A-Za-z0-9]{20,}/;

/** `text` decoded, with the secrets `redact` knows and the secret parts of its forms and families hidden. */
function cleaned(text: string, redact: Redact): string {
  const raw = redact(text);
  // Still escaped after every round: shown as it came, redacted, rather than half decoded.
  const decoded = percentDecoded(raw) ?? raw;
  return maskSecretParts(redact(decoded));
}

/** Every character outside printable ASCII as its UTF-8 escapes, a lone surrogate as U+FFFD's. */
function printable(text: string): string {
  return text.replace(/[^\x21-\x7e]/gu, (character) =>
    /^[\ud800-\udfff]$/.test(character) ? '%EF%BF%BD' : encodeURIComponent(character),
  );
}

/** Client text for a log line, at most `max` characters and `...` (contract: log-format). */
export function loggedText(text: string, max: number, redact: Redact): string {
  const shown = printable(cleaned(text, redact));
  return shown.length > max ? `${shown.slice(0, max)}...` : shown;
}

/**
 * A client-chosen name for a log line (contract: log-format): as `loggedText`, but masked whole as a secret is
 * (at most its first and last 4 characters) when it is longer than a name or reads as a token.
 */
export function loggedName(name: string, redact: Redact): string {
  const clean = cleaned(name, redact);
  return printable(clean.length > MAX_NAME || TOKEN_RUN.test(clean) ? maskSecret(clean) : clean);
}
