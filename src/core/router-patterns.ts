/*
 * Router model patterns (contract: router-patterns), where `*` matches any run of characters (none included)
 * and every other character matches itself. Characters are code points (contract: characters). A pattern is
 * compiled once into its literal runs (the text between stars); an id is matched by anchoring the first run at
 * the start and the last at the end, and finding the ones between left to right, each at its leftmost place,
 * with Knuth-Morris-Pratt so no position of the id is read twice. The leftmost place is always safe, since it
 * leaves the most room for what follows; so matching never backtracks and takes time linear in pattern plus id
 * length, whatever the pattern.
 */

/** A pattern's code points without its stars, where each run starts, and each run's fallback table. */
interface RunPattern {
  points: Int32Array;
  /** Run k spans points[runStarts[k], runStarts[k + 1]); the first run is anchored at the start, the last at the end. */
  runStarts: Int32Array;
  /** For each position of a run, the length of the longest proper border of the run up to it. */
  fallback: Int32Array;
}

/** A pattern without `*` is an exact id; otherwise a run pattern. */
type CompiledPattern = { exact: string } | RunPattern;

/** The lists of an auto-router plugin; an absent or empty `allowed_models` allows every model. */
export interface ModelFilterLists {
  allowed_models?: readonly string[] | null;
  excluded_models?: readonly string[] | null;
}

/** Writes the code points of `text` (a lone surrogate counting as one) into `points` from `at`; returns the end. */
function writeCodePoints(text: string, points: Int32Array, at: number): number {
  let end = at;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if ((unit & 0xfc00) === 0xd800 && (next & 0xfc00) === 0xdc00) {
      points[end++] = ((unit - 0xd800) << 10) + (next - 0xdc00) + 0x10000;
      i++;
    } else {
      points[end++] = unit;
    }
  }
  return end;
}

function codePointsOf(text: string): Int32Array {
  const points = new Int32Array(text.length);
  return points.subarray(0, writeCodePoints(text, points, 0));
}

/** Fills the fallback table of the run at [start, end): where a partial match resumes after a mismatch. */
function fillFallback(points: Int32Array, fallback: Int32Array, start: number, end: number): void {
  let border = 0;
  for (let i = start + 1; i < end; i++) {
    while (border > 0 && points[i] !== points[start + border])
      border = fallback[start + border - 1] as number;
    if (points[i] === points[start + border]) border++;
    fallback[i] = border;
  }
}

function compilePattern(pattern: string): CompiledPattern {
  if (!pattern.includes('*')) return { exact: pattern };
  const runs = pattern.split('*');
  // Each run is read on its own, so a lone surrogate on either side of a star never pairs across it.
  const allPoints = new Int32Array(pattern.length);
  const runStarts = new Int32Array(runs.length + 1);
  const fallback = new Int32Array(pattern.length);
  let end = 0;
  runs.forEach((run, k) => {
    runStarts[k] = end;
    end = writeCodePoints(run, allPoints, end);
    fillFallback(allPoints, fallback, runStarts[k] as number, end);
  });
  runStarts[runs.length] = end;
  return { points: allPoints.subarray(0, end), runStarts, fallback };
}

/** Whether the id holds the run [start, end) of the pattern at `at`. */
function runAt(id: Int32Array, pattern: RunPattern, start: number, end: number, at: number): boolean {
  for (let i = start; i < end; i++) if (id[at + i - start] !== pattern.points[i]) return false;
  return true;
}

/** The end of the leftmost occurrence of the run [start, end) in `id[from, to)`, or -1. */
function findRun(
  id: Int32Array,
  pattern: RunPattern,
  start: number,
  end: number,
  from: number,
  to: number,
): number {
  const { points, fallback } = pattern;
  const length = end - start;
  if (length === 0) return from;
  let matched = 0;
  for (let i = from; i < to; i++) {
    while (matched > 0 && id[i] !== points[start + matched])
      matched = fallback[start + matched - 1] as number;
    if (id[i] === points[start + matched]) matched++;
    if (matched === length) return i + 1;
  }
  return -1;
}

function matches(pattern: CompiledPattern, idText: string, id: Int32Array): boolean {
  if ('exact' in pattern) return pattern.exact === idText;
  const { points, runStarts } = pattern;
  const runCount = runStarts.length - 1;
  if (id.length < points.length) return false;
  const prefixEnd = runStarts[1] as number;
  const suffixStart = runStarts[runCount - 1] as number;
  const idSuffixStart = id.length - (points.length - suffixStart);
  if (
    !runAt(id, pattern, 0, prefixEnd, 0) ||
    !runAt(id, pattern, suffixStart, points.length, idSuffixStart)
  ) {
    return false;
  }
  let position = prefixEnd;
  for (let k = 1; k < runCount - 1; k++) {
    position = findRun(
      id,
      pattern,
      runStarts[k] as number,
      runStarts[k + 1] as number,
      position,
      idSuffixStart,
    );
    if (position < 0) return false;
  }
  return true;
}

/**
 * A predicate over model ids from a router's `allowed_models` and `excluded_models`. An id passes when
 * some allowed pattern matches it (or none are given) and no excluded pattern does: exclusion is applied after
 * allowance and wins. Patterns are compiled once here; each call takes time linear in the patterns plus the id.
 */
export function createModelFilter(lists: ModelFilterLists): (modelId: string) => boolean {
  const allowed = (lists.allowed_models ?? []).map(compilePattern);
  const excluded = (lists.excluded_models ?? []).map(compilePattern);
  return (modelId) => {
    const id = codePointsOf(modelId);
    const isAllowed = allowed.length === 0 || allowed.some((pattern) => matches(pattern, modelId, id));
    return isAllowed && !excluded.some((pattern) => matches(pattern, modelId, id));
  };
}
