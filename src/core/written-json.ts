/**
 * The JSON text a store wrote for a preset it saved, keyed by the preset object, so that the create answers with
 * that text rather than serializing the same values a second time. Weak, and taken once: an entry lives no longer
 * than its preset, and no longer than the answer that uses it, so the text dies young.
 */
const writtenJson = new WeakMap<object, string>();

export function rememberWrittenJson(preset: object, text: string): void {
  writtenJson.set(preset, text);
}

/**
 * The text written for `value`, which holds what that text does as long as nobody has changed it since, and
 * forgets it: a collector keeps an entry's text alive until it has seen the key die, which takes longer.
 */
export function takeWrittenJson(value: object): string | undefined {
  const text = writtenJson.get(value);
  if (text !== undefined) writtenJson.delete(value);
  return text;
}
