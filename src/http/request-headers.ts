import type { HeaderSource } from './types.js';

function isHeaders(headers: HeaderSource): headers is { get(name: string): string | null } {
  return typeof (headers as { get?: unknown }).get === 'function';
}

/**
 * One request header's value, its name given in lower case. Repeated values are joined with `, ` as fetch's
 * `Headers` does, so a repeated `Authorization` reads as malformed (401) in every adapter alike.
 */
export function headerValue(headers: HeaderSource, name: string): string | undefined {
  if (isHeaders(headers)) return headers.get(name) ?? undefined;
  let value = Object.hasOwn(headers, name) ? headers[name] : undefined;
  if (value === undefined) {
    // A hand-built map may spell names in any case; Node's own maps are lower case, so this rarely runs.
    const key = Object.keys(headers).find((candidate) => candidate.toLowerCase() === name);
    value = key === undefined ? undefined : headers[key];
  }
  return typeof value === 'string' ? value : value?.join(', ');
}
