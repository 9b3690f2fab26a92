/**
 * JSON Schema's `pattern` is an ECMA-262 regular expression, but validators in other languages hand it to their
 * own engine, where some escapes and anchors mean more: in Python, Java, PHP and .NET `$` also matches before a
 * final newline (so `"1\n"` would pass as a version number, contract: path-parameters), and Python's `\d` and
 * `\w` match any Unicode digit or letter. This rewrites those tokens into spellings that mean the same in
 * ECMA-262 and in those engines, so an emitted schema gives one verdict everywhere. Everything else is kept as
 * written.
 */

/** End of input in every backtracking engine: no character follows. */
const END_OF_INPUT = '(?![\\s\\S])';

/** ASCII classes, spelled out; ECMA-262 (with or without the `u` flag, without `i`) means exactly these. */
const classBodies: Readonly<Record<string, string>> = { d: '0-9', w: 'A-Za-z0-9_' };

export function portablePattern(pattern: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i]!;
    if (char === '\\') {
      const next = pattern[i + 1];
      if (next === undefined) throw new Error(`pattern ends in a lone backslash: ${pattern}`);
      i++;
      const body = classBodies[next];
      if (body !== undefined) out += inClass ? body : `[${body}]`;
      else if (next === 'D' || next === 'W' || next === 'b' || next === 'B') {
        // Negated classes and word boundaries have no short portable spelling; none is used today.
        throw new Error(`pattern uses \\${next}, which has no portable spelling: ${pattern}`);
      } else out += char + next;
    } else if (inClass) {
      if (char === ']') inClass = false;
      out += char;
    } else if (char === '[') {
      inClass = true;
      out += char;
      // A `]` right after `[` or `[^` is a literal in other engines but an empty class in ECMA-262.
      if (pattern[i + 1] === '^') out += pattern[++i];
      if (pattern[i + 1] === ']') throw new Error(`pattern has an empty class: ${pattern}`);
    } else {
      out += char === '$' ? END_OF_INPUT : char;
    }
  }
  return out;
}
