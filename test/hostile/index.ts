import type { HostileCase } from './case.js';
import { bodyShapeCases } from './body-shape.js';
import { characterCases } from './characters.js';
import { headerCases } from './headers.js';
import { nestingCases } from './nesting.js';
import { numberCases } from './numbers.js';
import { paramCases } from './params.js';
import { routerCases } from './router.js';
import { secretCases } from './secrets.js';
import { sizeCases } from './sizes.js';
import { unsafeKeyCases } from './unsafe-keys.js';

/** The whole adversarial corpus, each case with its expected outcome. */
export const hostileCases: readonly HostileCase[] = [
  ...bodyShapeCases,
  ...nestingCases,
  ...unsafeKeyCases,
  ...sizeCases,
  ...characterCases,
  ...numberCases,
  ...routerCases,
  ...paramCases,
  ...headerCases,
  ...secretCases,
];
