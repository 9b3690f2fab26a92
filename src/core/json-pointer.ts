/** JSON Pointers (RFC 6901), the paths of issues (docs/contract.md#error-body): escaping written once. */

/** A key as one reference token of a JSON Pointer: `~` as `~0`, `/` as `~1` (RFC 6901, section 3). */
export function pointerSegment(name: string): string {
  // Most keys hold neither character: skipping two RegExp replaces keeps wording an issue cheap.
  if (!name.includes('~') && !name.includes('/')) return name;
  return name.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** The keys and indices a JSON Pointer names, each reference token unescaped (RFC 6901, section 4). */
export function pointerSegments(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
}
