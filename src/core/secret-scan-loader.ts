import { loadedOnFirstUse } from './load-on-first-use.js';

/** The secret scan (secret-scan.ts), loaded the first time a destination is validated or masked. */
export const secretScan = /* @__PURE__ */ loadedOnFirstUse<typeof import('./secret-scan.js')>(
  'secret-scan',
  () => import.meta.url,
  './secret-scan.js',
);

/**
 * A secret as a response may carry it, partly masked (docs/contract.md#secret-masking): `maskSecret` of
 * masking.ts, loaded on the first call.
 */
export function maskSecret(secret: string): string {
  return secretScan().maskSecret(secret);
}

/**
 * A copy of an observability destination with every secret of its `config` masked, at any depth
 * (docs/contract.md#secret-masking): `maskDestination` of masking.ts, loaded on the first call.
 */
export function maskDestination<T extends object>(destination: T): T {
  return secretScan().maskDestination(destination);
}
