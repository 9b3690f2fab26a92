import { readBody } from 'gateway-contract/fetch';
import { forward } from './upstream.js';

/**
 * For Cloudflare Workers, Bun and Deno, routed `POST /v1/messages`:
 * `export default { fetch: buildMessagesHandler(providerUrl) }`.
 */
export function buildMessagesHandler(upstream: string) {
  return async (request: Request): Promise<Response> => {
    const result = await readBody(request, 'messages-request', { normalize: true });
    if (!result.ok) return Response.json(result.error, { status: result.error.error.code });
    return forward(upstream, result.value);
  };
}
