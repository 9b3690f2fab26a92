import { innerSchemas, rootSchemas } from '../schemas/roots.js';
import { operations } from './operations.js';

let rules: Map<string, string> | undefined;

/** Collects each `pattern` of the schemas with its `description`, walking with a stack. */
function collectRules(): Map<string, string> {
  const found = new Map<string, string>();
  const params = Object.values(operations).map((operation) => operation.params);
  const stack: unknown[] = [...Object.values(rootSchemas), ...Object.values(innerSchemas), ...params];
  const seen = new Set<object>();
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (node === null || typeof node !== 'object' || seen.has(node)) continue;
    seen.add(node);
    const schema = node as Record<string, unknown>;
    if (typeof schema['pattern'] === 'string' && typeof schema['description'] === 'string') {
      found.set(schema['pattern'], schema['description']);
    }
    stack.push(...Object.values(schema));
  }
  return found;
}

/**
 * The rule a pattern stands for, as a phrase completing "must be ..." (each `pattern` schema carries one in
 * its `description`). Built on the first failure only: the success path never pays for it.
 */
export function describePattern(pattern: string): string | undefined {
  rules ??= collectRules();
  return rules.get(pattern);
}
