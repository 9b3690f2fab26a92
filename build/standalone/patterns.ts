/**
 * Build time: a `pattern` that is a run of character classes, such as `^[A-Z]{2}$` or
 * `^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}$`, becomes a plain loop over char codes. Running a `u` RegExp costs
 * most of a providers list's validation (one country code per field); the loop costs a few comparisons.
 *
 * Only patterns whose meaning the loop keeps exactly are compiled: anchored at both ends, no groups,
 * alternation or lookaround, classes of BMP characters outside the surrogates (so a character that is a
 * surrogate pair fails both, and counting UTF-16 units counts code points of every string that can match),
 * and every run but the last of a fixed length (so matching never needs to backtrack). Anything else keeps
 * its RegExp.
 */

/** One run of the pattern: characters in `ranges`, at least `min` and at most `max` of them. */
interface Run {
  ranges: [number, number][];
  min: number;
  max: number;
}

const digit: [number, number][] = [[0x30, 0x39]];
const word: [number, number][] = [
  [0x30, 0x39],
  [0x41, 0x5a],
  [0x5f, 0x5f],
  [0x61, 0x7a],
];
/** Characters that stand for themselves outside a class without an escape. */
const plainLiteral = /[A-Za-z0-9 :_~,@#%&=<>!"'-]/;

/** Reads one escape after `\` at `at`: a class shorthand, or a punctuation character standing for itself. */
function readEscape(source: string, at: number): [number, number][] | undefined {
  const char = source[at];
  if (char === 'd') return digit;
  if (char === 'w') return word;
  if (char !== undefined && /[.\-\\/^$*+?()[\]{}|~:_]/.test(char)) {
    const code = char.charCodeAt(0);
    return [[code, code]];
  }
  return undefined;
}

/** Parses `[...]` at `at` (just past the `[`); returns its ranges and the index past `]`. */
function readClass(source: string, at: number): [[number, number][], number] | undefined {
  if (source[at] === '^') return undefined;
  const ranges: [number, number][] = [];
  while (at < source.length && source[at] !== ']') {
    let item: [number, number][] | undefined;
    if (source[at] === '\\') {
      item = readEscape(source, at + 1);
      at += 2;
    } else {
      const code = source.charCodeAt(at);
      item = [[code, code]];
      at++;
    }
    if (item === undefined) return undefined;
    // `a-z`: a range between two single characters; a `-` first or last stands for itself.
    if (source[at] === '-' && source[at + 1] !== ']' && item.length === 1 && item[0]![0] === item[0]![1]) {
      const low = item[0]![0];
      let high: number;
      if (source[at + 1] === '\\') {
        const escaped = readEscape(source, at + 2);
        if (escaped === undefined || escaped.length !== 1 || escaped[0]![0] !== escaped[0]![1])
          return undefined;
        high = escaped[0]![0];
        at += 3;
      } else {
        high = source.charCodeAt(at + 1);
        at += 2;
      }
      if (high < low) return undefined;
      item = [[low, high]];
    }
    ranges.push(...item);
  }
  if (source[at] !== ']') return undefined;
  return [ranges, at + 1];
}

/** Reads a quantifier at `at`; no quantifier is `{1}`. */
function readQuantifier(source: string, at: number): [number, number, number] | undefined {
  const char = source[at];
  if (char === '+') return [1, Infinity, at + 1];
  if (char === '*') return [0, Infinity, at + 1];
  if (char === '?') return [0, 1, at + 1];
  if (char !== '{') return [1, 1, at];
  const braced = /^\{(\d+)(?:(,)(\d*))?\}/.exec(source.slice(at));
  if (braced === null) return undefined;
  const min = Number(braced[1]);
  const max = braced[2] === undefined ? min : braced[3] === '' ? Infinity : Number(braced[3]);
  if (max < min) return undefined;
  return [min, max, at + braced[0].length];
}

/** The runs of a pattern the loop can check exactly, or undefined. */
export function parseRuns(source: string): Run[] | undefined {
  if (!source.startsWith('^') || !source.endsWith('$') || source.endsWith('\\$')) return undefined;
  const body = source.slice(1, -1);
  const runs: Run[] = [];
  let at = 0;
  while (at < body.length) {
    let ranges: [number, number][] | undefined;
    const char = body[at]!;
    if (char === '[') {
      const read = readClass(body, at + 1);
      if (read === undefined) return undefined;
      [ranges, at] = read;
    } else if (char === '\\') {
      ranges = readEscape(body, at + 1);
      at += 2;
    } else if (plainLiteral.test(char)) {
      const code = char.charCodeAt(0);
      ranges = [[code, code]];
      at++;
    }
    if (ranges === undefined || ranges.length === 0) return undefined;
    if (ranges.some(([low, high]) => high > 0xffff || (low <= 0xdfff && high >= 0xd800))) return undefined;
    const quantifier = readQuantifier(body, at);
    if (quantifier === undefined) return undefined;
    const [min, max] = quantifier;
    at = quantifier[2];
    runs.push({ ranges, min, max });
  }
  if (runs.length === 0) return undefined;
  if (runs.slice(0, -1).some((run) => run.min !== run.max)) return undefined;
  return runs;
}

/** `c` is in one of the ranges, as a JavaScript condition. */
function inRanges(ranges: readonly [number, number][], c: string): string {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [low, high] of sorted) {
    const last = merged[merged.length - 1];
    if (last !== undefined && low <= last[1] + 1) last[1] = Math.max(last[1], high);
    else merged.push([low, high]);
  }
  return merged
    .map(([low, high]) => (low === high ? `${c} === ${low}` : `(${c} >= ${low} && ${c} <= ${high})`))
    .join(' || ');
}

/** Runs this long or shorter are checked one char at a time without a loop. */
const UNROLL_UP_TO = 4;

/**
 * The source of `function name(s)`, true exactly when the RegExp `new RegExp(source, 'u')` matches `s`, or
 * undefined when the pattern is not one the loop can check exactly. It reads chars through `reader`, the name of
 * `codeUnitAt` (src/runtime/validator-runtime.ts) in scope.
 */
export function patternFunction(name: string, source: string, reader = 'codeUnitAt'): string | undefined {
  const runs = parseRuns(source);
  if (runs === undefined) return undefined;
  const fixed = runs.slice(0, -1).reduce((sum, run) => sum + run.min, 0);
  const last = runs[runs.length - 1]!;
  const lengthCheck =
    last.min === last.max
      ? `n !== ${fixed + last.min}`
      : [`n < ${fixed + last.min}`, ...(last.max === Infinity ? [] : [`n > ${fixed + last.max}`])].join(
          ' || ',
        );
  const statements = [`const n = s.length;`, `if (${lengthCheck}) return false;`, `let c;`];
  let position = 0;
  for (const run of runs) {
    const test = `if (!(${inRanges(run.ranges, 'c')})) return false;`;
    const open = run === last && run.min !== run.max;
    if (!open && run.min <= UNROLL_UP_TO) {
      for (let k = 0; k < run.min; k++) statements.push(`c = ${reader}.call(s, ${position + k}); ${test}`);
    } else {
      const end = open ? 'n' : String(position + run.min);
      statements.push(`for (let i = ${position}; i < ${end}; i++) { c = ${reader}.call(s, i); ${test} }`);
    }
    position += run.min;
  }
  statements.push('return true;');
  return `function ${name}(s){${statements.join('')}}`;
}
