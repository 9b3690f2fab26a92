import { validatorsByName } from './generated/validators.js';
import { addLoaded } from './core/profiles.js';
import { generatedModules } from './core/generated-modules.js';

/**
 * The main entry for a runtime that cannot load a module synchronously (Cloudflare's workerd, a browser; the
 * package's `default` condition): the default verdict of every root imported up front, so `validate()` answers
 * from the first call as it does where validators load on first use. The rest loads with `loadProfile`.
 */
addLoaded(generatedModules.default.verdict, validatorsByName);

export * from './index.js';
