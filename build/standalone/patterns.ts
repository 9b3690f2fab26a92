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
/** The ranges of one character or escape: `\d`, `\w`, or punctuation escaped to stand for itself. */
function charRanges(token: string): [number, number][] | undefined {
  if (token.length === 1) return [[token.charCodeAt(0), token.charCodeAt(0)]];
  if (token === '\\d') return digit;
  if (token === '\\w') return word;
  return /^\\[.\-\\/^$*+?()[\]{}|~:_]$/.test(token) ? charRanges(token[1]!) : undefined;
}

/** The character `ranges` stand for when they are one. */
const single = (ranges: [number, number][] | undefined) =>
  ranges?.length === 1 && ranges[0]![0] === ranges[0]![1] ? ranges[0]![0] : undefined;

/** The ranges of a class's contents (between `[` and `]`): characters, escapes, and ranges `a-z` of two chars. */
function classRanges(content: string): [number, number][] | undefined {
  const ranges: [number, number][] = [];
  for (const [, low, high] of content.matchAll(/(\\.|[^\\])(?:-(\\.|[^\\]))?/gs)) {
    const from = charRanges(low!);
    if (from === undefined) return undefined;
    if (high === undefined) ranges.push(...from);
    else if (single(from) === undefined || !(single(charRanges(high))! >= single(from)!)) return undefined;
    else ranges.push([single(from)!, single(charRanges(high))!]);
  }
  return ranges;
}

/**
 * One run: a class that is not negated, an escape, or a character that stands for itself unescaped, then an
 * optional greedy quantifier.
 */
const runToken =
  /(?:\[(?!\^)((?:\\.|[^\\\]])*)\]|(\\.)|([A-Za-z0-9 :_~,@#%&=<>!"'-]))(?:([+*?])|\{(\d+)(?:(,)(\d*))?\})?/sy;

/** The least and most repeats of a run with each quantifier, or none. */
const quantifiers: Record<string, [number, number]> = {
  '': [1, 1],
  '+': [1, Infinity],
  '*': [0, Infinity],
  '?': [0, 1],
};

/** The runs of a pattern the loop can check exactly, or undefined. */
export function parseRuns(source: string): Run[] | undefined {
  const body = /^\^(.*)\$$/s.exec(source)?.[1];
  if (body === undefined || body === '' || body.endsWith('\\')) return undefined;
  const runs: Run[] = [];
  for (runToken.lastIndex = 0; runToken.lastIndex < body.length;) {
    const token = runToken.exec(body);
    if (token === null) return undefined;
    const [, content, escape, plain, short, least, comma, most] = token;
    const ranges = content === undefined ? charRanges(escape ?? plain!) : classRanges(content);
    if (ranges === undefined || ranges.length === 0) return undefined;
    if (ranges.some(([low, high]) => high > 0xffff || (low <= 0xdfff && high >= 0xd800))) return undefined;
    const [min, max] =
      least === undefined
        ? quantifiers[short ?? '']!
        : [Number(least), comma === undefined ? Number(least) : most === '' ? Infinity : Number(most)];
    if (max < min) return undefined;
    runs.push({ ranges, min, max });
  }
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
