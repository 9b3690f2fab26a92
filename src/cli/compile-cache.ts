import module from 'node:module';
import { homedir } from 'node:os';
import { join } from 'node:path';

/*
 * `gateway-contract serve` owns its process, so it turns on Node's compile cache (Node 22.1 and later): from the
 * second start on, V8 reads the compiled code of the gateway's modules and validators from the cache instead of
 * compiling their source (docs/performance.md#starting-fast). The library never does this itself: in an
 * application the cache and its directory are the application's.
 */

/**
 * The cache's directory: `GATEWAY_COMPILE_CACHE` if set, else `$XDG_CACHE_HOME/gateway-contract/compile-cache`
 * (`~/.cache/gateway-contract/compile-cache`): the user's cache, never inside the installed package, which may
 * be read-only. `GATEWAY_COMPILE_CACHE=off` turns the cache off.
 */
export function compileCacheDirectory(env: Readonly<Record<string, string | undefined>>): string | undefined {
  const chosen = env['GATEWAY_COMPILE_CACHE'];
  if (chosen === 'off') return undefined;
  if (chosen) return chosen;
  return join(env['XDG_CACHE_HOME'] || join(homedir(), '.cache'), 'gateway-contract', 'compile-cache');
}

/**
 * Turns on Node's compile cache in `compileCacheDirectory`, for the modules loaded from now on; on a Node
 * without it (20), or where the directory cannot be made, the gateway starts as it would without. Node keeps
 * the cache to itself: it checks each entry against the source and rewrites it when the source changed.
 */
export function enableCompileCache(env: Readonly<Record<string, string | undefined>>): void {
  const directory = compileCacheDirectory(env);
  const enable = (module as { enableCompileCache?: (directory: string) => unknown }).enableCompileCache;
  if (directory === undefined || enable === undefined) return;
  try {
    enable(directory);
  } catch {
    // A cache is an optimisation: a directory it cannot use only leaves the start as it was.
  }
}
