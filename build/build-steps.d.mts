import type { BuildStep } from './build-stamp.mjs';

/** The steps of `npm run build`, in order. */
export const buildSteps: BuildStep[];

/** The steps of `npm run generate` that rewrite committed files, in order. */
export const generateSteps: BuildStep[];
