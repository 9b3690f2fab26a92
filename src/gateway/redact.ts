/** Texts the gateway knows and must never print again: keys, the database password. */
export interface Secrets {
  /** Adds secrets; empty and null values are ignored. */
  add(...secrets: ReadonlyArray<string | null | undefined>): void;
  /** `text` with every known secret in it replaced by `[redacted]`. */
  redact(text: string): string;
}

/**
 * The last net under what the gateway prints: a log line or an error message that came from elsewhere (a
 * driver, the database server, a client's path) may quote a secret, and loses it here, whatever its length.
 */
export function secretsToRedact(): Secrets {
  // Longest first, so a secret that holds another is replaced whole.
  let known: string[] = [];
  return {
    add(...secrets) {
      const added = secrets.filter((secret): secret is string => !!secret && !known.includes(secret));
      if (added.length > 0) known = [...known, ...added].sort((a, b) => b.length - a.length);
    },
    redact(text) {
      let redacted = text;
      for (const secret of known) {
        if (redacted.includes(secret)) redacted = redacted.split(secret).join('[redacted]');
      }
      return redacted;
    },
  };
}
