import type { RootName } from '../core/roots.js';

/** One example the playground offers (built into assets/examples.json): a body, its root, whether it passes. */
export interface PageExample {
  title: string;
  root: RootName;
  valid: boolean;
  body: unknown;
}
