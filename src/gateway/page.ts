import { errorResponse, headResponse, methodNotAllowed } from '../http/http-response.js';
import { headerValue } from '../http/request-headers.js';
import type { Handler, HandlerRequest, HandlerResponse } from '../http/types.js';
import { pageFile } from './page-files.js';

/**
 * The Content Security Policy of every page file. Scripts and styles are files of the gateway only: no inline
 * script, no `eval` (the validators are precompiled, swagger-ui needs none), no inline style element; images
 * may be the stylesheet's `data:` icons; the page fetches only from its own origin and cannot be framed.
 */
export const PAGE_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Where the page hangs under the gateway's base path. */
export const PAGE_PATH = '/docs/';

function pathOf(target: string): string {
  const end = target.search(/[?#]/);
  return end === -1 ? target : target.slice(0, end);
}

function fileResponse(request: HandlerRequest, path: string): HandlerResponse | undefined {
  const file = pageFile(path);
  if (file === undefined) return undefined;
  const headers = {
    'content-type': file.type,
    'content-security-policy': PAGE_CONTENT_SECURITY_POLICY,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    // Revalidated on every load, so a rebuilt page is never stale; an unchanged file costs a 304.
    'cache-control': 'no-cache',
    etag: file.etag,
  };
  if (headerValue(request.headers, 'if-none-match') === file.etag) return { status: 304, headers, body: '' };
  const response = { status: 200, headers, body: file.body };
  return request.method === 'HEAD' ? headResponse(response) : response;
}

/**
 * The reference gateway's handler with the interface page in front (docs/page.md): `GET <base>/docs/` and the
 * page's files under it, with no key (they are static and hold no secret); `<base>/docs` redirects there. Any
 * other request goes on to `next`, and so does every request when the page has not been built.
 */
export function withPage(basePath: string, next: Handler): Handler {
  const root = `${basePath}${PAGE_PATH}`;
  return async (request) => {
    const path = pathOf(request.url);
    if (path !== root.slice(0, -1) && !path.startsWith(root)) return next(request);
    if (pageFile('') === undefined) return next(request);
    if (request.method !== 'GET' && request.method !== 'HEAD') return methodNotAllowed(['GET', 'HEAD']);
    if (path === root.slice(0, -1)) return { status: 308, headers: { location: root }, body: '' };
    return fileResponse(request, path.slice(root.length)) ?? errorResponse(404);
  };
}
