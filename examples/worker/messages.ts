import { errorBody, issuesOf, parseJsonBody, validateMessagesRequest } from 'gateway-contract';

/**
 * A Cloudflare Worker that takes a messages request: the body guards, then the request's own validator, reached
 * by its named export, so a bundle carries that root's validator and no other's. A rejection names the first
 * issue.
 */
export default {
  async fetch(request: Request): Promise<Response> {
    const parsed = parseJsonBody(new Uint8Array(await request.arrayBuffer()));
    if (!parsed.ok) return Response.json(parsed.error, { status: parsed.error.error.code });
    if (!validateMessagesRequest(parsed.value)) {
      const body = errorBody(400, issuesOf(validateMessagesRequest));
      return Response.json(body, { status: 400 });
    }
    return Response.json({ model: parsed.value.model, messages: parsed.value.messages.length });
  },
};
