import { createServer, type Server } from 'node:http';
import { Readable } from 'node:stream';

/*
 * What the Hono servers of the HTTP benchmarks share. It loads nothing but Node's own modules, so the start-up
 * times the middleware benchmark takes stay the framework's.
 */

/**
 * A fetch handler over node:http, for Hono: the request body as a web stream, as on Bun, Deno or Workers.
 * `answered` runs once per response written.
 */
export function serveFetch(
  fetch: (request: Request) => Response | Promise<Response>,
  answered: () => void = () => {},
): Server {
  return createServer((incoming, outgoing) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(incoming.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    const request = new Request(`http://127.0.0.1${incoming.url ?? '/'}`, {
      method: incoming.method ?? 'GET',
      headers,
      body: Readable.toWeb(incoming) as ReadableStream<Uint8Array>,
      duplex: 'half',
    });
    void Promise.resolve(fetch(request)).then(async (response) => {
      answered();
      outgoing.writeHead(response.status, Object.fromEntries(response.headers));
      outgoing.end(new Uint8Array(await response.arrayBuffer()));
    });
  });
}
