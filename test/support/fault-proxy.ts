import { connect, createServer, type Socket } from 'node:net';

/**
 * A TCP proxy on loopback in front of a server, whose faults the tests switch at any moment:
 *
 * - `pass`: bytes flow both ways, as if the proxy were not there;
 * - `swallow`: every byte both ways, on open connections and on new ones (which it still accepts), is dropped,
 *   and nothing is closed: what a failover, a dead host or a dropped route looks like to the client;
 * - `reset`: every open connection is reset, and so is every new one.
 *
 * Back to `pass`, a connection that lost bytes (or a close) while swallowed is reset, since its stream is no
 * longer whole, as a server that failed over knows none of the old connections; one that lost nothing goes on.
 */
export interface FaultProxy {
  /** The port the proxy listens on, on 127.0.0.1. */
  port: number;
  /** `url` (a `postgresql://` URL of the server) with its host and port replaced by the proxy's. */
  through(url: string): string;
  pass(): void;
  swallow(): void;
  reset(): void;
  /** Connections whose client has not closed its side. */
  open(): number;
  close(): Promise<void>;
}

type Mode = 'pass' | 'swallow' | 'reset';

interface Pair {
  client: Socket;
  upstream: Socket | undefined;
  /** Bytes or a close were dropped while swallowing. */
  lost: boolean;
  /** The client ended or closed its side. */
  gone: boolean;
}

export async function startFaultProxy(targetPort: number, targetHost = '127.0.0.1'): Promise<FaultProxy> {
  let mode: Mode = 'pass';
  const pairs = new Set<Pair>();

  const drop = (pair: Pair) => {
    pairs.delete(pair);
    pair.client.resetAndDestroy();
    pair.upstream?.resetAndDestroy();
  };

  const openUpstream = (pair: Pair) => {
    const upstream = connect(targetPort, targetHost);
    pair.upstream = upstream;
    upstream.on('error', () => drop(pair));
    upstream.on('data', (chunk) => {
      if (mode === 'pass') pair.client.write(chunk);
      else pair.lost = true;
    });
    upstream.on('end', () => {
      if (mode === 'pass') pair.client.end();
      else pair.lost = true;
    });
  };

  const server = createServer({ allowHalfOpen: true }, (client) => {
    const pair: Pair = { client, upstream: undefined, lost: false, gone: false };
    pairs.add(pair);
    client.on('error', () => drop(pair));
    client.on('close', () => {
      pair.gone = true;
      if (mode === 'pass') {
        pairs.delete(pair);
        pair.upstream?.destroy();
      }
    });
    if (mode === 'reset') return drop(pair);
    // A connection made while swallowing reaches no server until the proxy passes again.
    if (mode === 'pass') openUpstream(pair);
    client.on('data', (chunk) => {
      if (mode === 'pass' && pair.upstream !== undefined) pair.upstream.write(chunk);
      else pair.lost = true;
    });
    client.on('end', () => {
      pair.gone = true;
      if (mode === 'pass') pair.upstream?.end();
      else pair.lost = true;
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };

  return {
    port,
    through(url) {
      const proxied = new URL(url);
      proxied.hostname = '127.0.0.1';
      proxied.port = String(port);
      return proxied.href;
    },
    pass() {
      mode = 'pass';
      for (const pair of [...pairs]) {
        if (pair.lost) drop(pair);
        else if (pair.upstream === undefined) openUpstream(pair);
      }
    },
    swallow() {
      mode = 'swallow';
    },
    reset() {
      mode = 'reset';
      for (const pair of [...pairs]) drop(pair);
    },
    open: () => [...pairs].filter((pair) => !pair.gone).length,
    close() {
      for (const pair of [...pairs]) drop(pair);
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
