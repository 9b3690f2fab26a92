/**
 * The JSON text a store wrote for a preset it saved, keyed by the preset object, so that the create answers with
 * that text rather than serializing the same values a second time. Weak: an entry lives as long as its preset.
 */
const writtenJson = new WeakMap<object, string>();

export function rememberWrittenJson(preset: object, text: string): void {
  writtenJson.set(preset, text);
}

/** The text written for `value`, which holds what that text does as long as nobody has changed it since. */
export function writtenJsonOf(value: object): string | undefined {
  return writtenJson.get(value);
}
