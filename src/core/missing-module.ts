/**
 * Whether loading a module failed because there is no such module, by `require` (`MODULE_NOT_FOUND`) or by
 * `import` (`ERR_MODULE_NOT_FOUND`), rather than because the module threw while loading.
 */
export function isMissingModule(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'MODULE_NOT_FOUND' || code === 'ERR_MODULE_NOT_FOUND';
}
