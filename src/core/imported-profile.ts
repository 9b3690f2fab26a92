import { validatorsByName as defaultVerdicts } from '../generated/validators.js';
import { validatorsByName as defaultCollecting } from '../generated/validators-all-issues.js';
import { validatorsByName as strictVerdicts } from '../generated/validators-strict.js';
import { validatorsByName as strictCollecting } from '../generated/validators-strict-all-issues.js';
import { addProfile, loadProfile, profileOf, type Profile } from './profiles.js';
import type { RootName } from './roots.js';
import { maskDestination, maskSecret, unmaskedSecretMessage } from './secret-scan.js';
import { secretScan } from './secret-scan-loader.js';

/**
 * The profiles imported statically, for a runtime that cannot load on first use (workerd, a browser; the
 * package's `default` condition), handed to the loader (profiles.ts) on the first call that needs them, so that
 * importing an entry runs nothing and a bundler keeps only what a program calls.
 */

let defaultImported = false;

/**
 * The default profile, both its parts, and the secret scan: what `validate`, `readBody` and the handler need for
 * any root in the default profile.
 */
export function useImportedDefaultProfile(): void {
  if (defaultImported) return;
  addProfile('default', {
    verdict: { validatorsByName: defaultVerdicts },
    collecting: { validatorsByName: defaultCollecting },
  });
  secretScan.provide({ maskDestination, maskSecret, unmaskedSecretMessage });
  defaultImported = true;
}

/** `loadProfile` where the profiles are imported statically: the profile asked for is handed over, then loaded. */
export function loadImportedProfile(profile: Profile, roots?: readonly RootName[]): Promise<void> {
  useImportedDefaultProfile();
  if (profileOf(profile) === 'strict') {
    addProfile('strict', {
      verdict: { validatorsByName: strictVerdicts },
      collecting: { validatorsByName: strictCollecting },
    });
  }
  return loadProfile(profile, roots);
}
