import type { NormalizedRequest } from 'gateway-contract/http';

/**
 * Sends a normalized request on to the provider: the preset config fields and the conversation, the system
 * prompt as one string. The answer is the provider's, plus the names of the fields it never saw.
 */
export async function forward(upstream: string, normalized: NormalizedRequest): Promise<Response> {
  const { config, system_prompt, request, dropped } = normalized;
  const answer = await fetch(new URL('/v1/messages', upstream), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...config, system: system_prompt ?? undefined, messages: request.messages }),
  });
  const headers = {
    'content-type': answer.headers.get('content-type') ?? '',
    'x-dropped-fields': dropped.join(', '),
  };
  return new Response(answer.body, { status: answer.status, headers });
}
