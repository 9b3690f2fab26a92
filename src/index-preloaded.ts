import { validatorsByName } from './generated/validators.js';
import { addLoaded } from './core/profiles.js';
import { generatedModules } from './core/generated-modules.js';
import { parseJsonBody } from './body/json-body.js';
import { jsonBody } from './body/json-body-loader.js';
import { maskDestination, maskSecret, unmaskedSecretMessage } from './core/secret-scan.js';
import { secretScan } from './core/secret-scan-loader.js';

/**
 * The main entry for a runtime that cannot load a module synchronously (Cloudflare's workerd, a browser; the
 * package's `default` condition): the default verdict of every root imported up front, so `validate()` answers
 * from the first call as it does where validators load on first use, and so is the code the main entry loads on
 * first use elsewhere (core/load-on-first-use.ts). The rest loads with `loadProfile`.
 */
addLoaded(generatedModules.default.verdict, validatorsByName);
jsonBody.provide({ parseJsonBody });
secretScan.provide({ maskDestination, maskSecret, unmaskedSecretMessage });

export * from './index.js';
