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

/** A Node request by the members that carry its headers: `IncomingMessage`, or Fastify's injected request. */
export interface NodeHeaderSource {
  readonly headers: Readonly<Record<string, string | readonly string[] | undefined>>;
  readonly rawHeaders: readonly string[];
}

/**
 * A Node request's headers, read as fetch reads them. Node keeps only the first of a repeated `Authorization`
 * or `Content-Type`, so a repeated header would pass in Node and fail in fetch; when `rawHeaders` shows a name
 * twice, every value is kept and `headerValue` joins them, and a repeated `Authorization` is 401 in every
 * adapter (contract: authentication). A request without repeats, nearly all of them, costs one count.
 */
export function nodeHeaders(request: NodeHeaderSource): HeaderSource {
  const { headers, rawHeaders } = request;
  if (Object.keys(headers).length * 2 >= rawHeaders.length) return headers;
  const distinct: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
  for (let index = 0; index + 1 < rawHeaders.length; index += 2) {
    const name = rawHeaders[index]!.toLowerCase();
    (distinct[name] ??= []).push(rawHeaders[index + 1]!);
  }
  return distinct;
}
