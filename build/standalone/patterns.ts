/**
 * Build time: a `pattern` that is runs of character classes (`^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}$`) becomes a loop over
 * char codes, a few comparisons where a `u` RegExp costs far more. Only patterns the loop keeps exactly: anchored,
 * no groups, alternation or lookaround, BMP classes outside the surrogates (so UTF-16 units count code points), and
 * every run but the last of fixed length (so nothing backtracks).
 */

/** Char codes from the first to the second, or the least and most repeats of a run. */
type Range = [number, number];
/** One run of the pattern: characters in `ranges`, at least `min` and at most `max` of them. */
type Run = { ranges: Range[]; min: number; max: number };

const digit: Range[] = [[0x30, 0x39]];
const word: Range[] = [...digit, [0x41, 0x5a], [0x5f, 0x5f], [0x61, 0x7a]];
/** The ranges of one character or escape: `\d`, `\w`, or punctuation escaped to stand for itself. */
function charRanges(token: string): Range[] | undefined {
  if (token.length === 1) return [[token.charCodeAt(0), token.charCodeAt(0)]];
  if (token === '\\d') return digit;
  if (token === '\\w') return word;
  return /^\\[.\-\\/^$*+?()[\]{}|~:_]$/.test(token) ? charRanges(token[1]!) : undefined;
}

/** The character `ranges` stand for when they are one. */
const single = (ranges: Range[] | undefined) =>
  ranges?.length === 1 && ranges[0]![0] === ranges[0]![1] ? ranges[0]![0] : undefined;

/** The ranges of a class's contents (between `[` and `]`): characters, escapes, and ranges `a-z` of two chars. */
function classRanges(content: string): Range[] | undefined {
  const ranges: Range[] = [];
  for (const [, low, high] of content.matchAll(/(\\.|[^\\])(?:-(\\.|[^\\]))?/gs)) {
    const from = charRanges(low!);
    if (from === undefined) return undefined;
    if (high === undefined) ranges.push(...from);
    else if (single(from) === undefined || !(single(charRanges(high))! >= single(from)!)) return undefined;
    else ranges.push([single(from)!, single(charRanges(high))!]);
  }
  return ranges;
}

/** One run: a class not negated, an escape or a plain character, then an optional greedy quantifier. */
const runToken =
  /(?:\[(?!\^)((?:\\.|[^\\\]])*)\]|(\\.)|([A-Za-z0-9 :_~,@#%&=<>!"'-]))(?:([+*?])|\{(\d+)(?:(,)(\d*))?\})?/sy;

/** The least and most repeats of a run with each quantifier, or none. */
const repeats: Record<string, Range> = { '': [1, 1], '+': [1, Infinity], '*': [0, Infinity], '?': [0, 1] };

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
        ? repeats[short ?? '']!
        : [Number(least), comma === undefined ? Number(least) : most === '' ? Infinity : Number(most)];
    if (max < min) return undefined;
    runs.push({ ranges, min, max });
  }
  if (runs.slice(0, -1).some((run) => run.min !== run.max)) return undefined;
  return runs;
}

/** `c` is in one of the ranges, as a JavaScript condition. */
function inRanges(ranges: readonly Range[], c: string): string {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const merged: Range[] = [];
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
 * `function name(s)`, true exactly when `new RegExp(source, 'u')` matches `s` (undefined for a pattern it cannot
 * check exactly), reading chars through `reader`, the name of the run-time `codeUnitAt` in scope.
 */
export function patternFunction(name: string, source: string, reader = 'codeUnitAt'): string | undefined {
  const runs = parseRuns(source);
  if (runs === undefined) return undefined;
  const fixed = runs.slice(0, -1).reduce((sum, run) => sum + run.min, 0);
  const last = runs[runs.length - 1]!;
  const [least, most] = [fixed + last.min, fixed + last.max];
  const tooLong = most === Infinity ? '' : ` || n > ${most}`;
  const lengthCheck = least === most ? `n !== ${least}` : `n < ${least}${tooLong}`;
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
