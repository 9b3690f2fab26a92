import type { BuildStep } from './build-stamp.mjs';

/** The steps of `npm run build`, in order. */
export const buildSteps: BuildStep[];
