import { operations, type Operation } from '../core/operations.js';

/** One `/`-separated piece of a path template: fixed text, or a `{name}` parameter. */
type Segment = { literal: string } | { param: string };

interface Route {
  operation: Operation;
  segments: readonly Segment[];
}

export type RouteMatch =
  | {
      kind: 'operation';
      operation: Operation;
      /** Each parameter percent-decoded; one that could not be decoded is left raw and named below. */
      params: Record<string, string>;
      /** A parameter whose percent-encoding is not valid UTF-8: a bad parameter, reported after auth. */
      undecodable: string | null;
    }
  | { kind: 'wrong-method'; allow: readonly string[] }
  | { kind: 'unknown' };

function parseTemplate(template: string): Segment[] {
  return template
    .slice(1)
    .split('/')
    .map((part) =>
      part.startsWith('{') && part.endsWith('}') ? { param: part.slice(1, -1) } : { literal: part },
    );
}

/** The routes of the operations table, the only place paths are written. */
const routes: readonly Route[] = Object.values(operations).map((operation) => ({
  operation,
  segments: parseTemplate(operation.path),
}));

/**
 * A base path as the router compares it: empty, or `/` and segments without a trailing slash (`/api/v1`).
 * A base path that cannot be one is the caller's bug, so it throws.
 */
export function normalizeBasePath(basePath: string): string {
  const trimmed = basePath.endsWith('/') ? basePath.slice(0, -1) : basePath;
  if (trimmed !== '' && (!trimmed.startsWith('/') || /[?#%\s]|\/\//.test(trimmed))) {
    throw new TypeError(`basePath must be empty or a path such as /api/v1, got ${JSON.stringify(basePath)}`);
  }
  return trimmed;
}

/**
 * The path of a request target, without its query string; absolute-form targets (RFC 9112, section 3.2.2) too.
 */
function pathOf(target: string): string | null {
  const end = target.search(/[?#]/);
  const path = end === -1 ? target : target.slice(0, end);
  if (path.startsWith('/')) return path;
  try {
    return new URL(path).pathname;
  } catch {
    return null;
  }
}

function decodeParam(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

function matchSegments(route: Route, parts: readonly string[]) {
  if (parts.length !== route.segments.length) return null;
  const params: Record<string, string> = {};
  let undecodable: string | null = null;
  for (let i = 0; i < parts.length; i++) {
    const segment = route.segments[i] as Segment;
    const part = parts[i] as string;
    if ('literal' in segment) {
      if (part !== segment.literal) return null;
      continue;
    }
    const decoded = decodeParam(part);
    if (decoded === null) undecodable ??= segment.param;
    params[segment.param] = decoded ?? part;
  }
  return { params, undecodable };
}

/**
 * Routes a request by the operations table: the operation and its decoded path parameters, `wrong-method` with
 * the methods the path allows (405), or `unknown` (404); HEAD goes where GET does. Fixed segments are compared
 * as sent; parameters are percent-decoded one segment at a time, so an encoded `/` stays inside its parameter
 * (and fails its rule, contract: path-parameters).
 */
export function createRouter(basePath: string): (method: string, target: string) => RouteMatch {
  const base = normalizeBasePath(basePath);
  return (method, target) => {
    const path = pathOf(target);
    if (path === null || !path.startsWith(`${base}/`)) return { kind: 'unknown' };
    const parts = path.slice(base.length + 1).split('/');
    const allow: string[] = [];
    for (const route of routes) {
      const matched = matchSegments(route, parts);
      if (matched === null) continue;
      const { method: own } = route.operation;
      if (own === method || (own === 'GET' && method === 'HEAD')) {
        return { kind: 'operation', operation: route.operation, ...matched };
      }
      allow.push(...(own === 'GET' ? ['GET', 'HEAD'] : [own]));
    }
    return allow.length > 0 ? { kind: 'wrong-method', allow } : { kind: 'unknown' };
  };
}

/** Each operation's method and path template, for a framework router that dispatches to the handler. */
export function routeTemplates(): { method: Operation['method']; path: string }[] {
  return Object.values(operations).map(({ method, path }) => ({ method, path }));
}
