import { useImportedDefaultProfile } from './core/imported-profile.js';

/**
 * `gateway-contract/http` for a runtime that cannot load a module synchronously (workerd, a browser; the
 * `default` condition): the handler and `createBodyValidator` take any root by name, so importing the entry hands
 * the default profile, imported whole, to the loader, and the entry works imported alone.
 */
useImportedDefaultProfile();

export * from './http/index.js';
