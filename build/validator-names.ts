/** The export name of a schema in the precompiled module: `messages-request` -> `messagesRequest`. */
export function exportName(name: string): string {
  return name.replace(/[-/](\w)/g, (_, letter: string) => letter.toUpperCase());
}
