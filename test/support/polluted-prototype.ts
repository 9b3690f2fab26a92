/** Runs `check` while Object.prototype has an enumerable key, which every `for...in` then also sees. */
export function withPollutedPrototype(check: () => void): void {
  const prototype = Object.prototype as Record<string, unknown>;
  Object.defineProperty(prototype, 'polluted', {
    value: 1,
    enumerable: true,
    configurable: true,
    writable: true,
  });
  try {
    check();
  } finally {
    delete prototype['polluted'];
  }
}
