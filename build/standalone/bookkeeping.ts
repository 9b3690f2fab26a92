/**
 * Build time: drops the error bookkeeping of Ajv's standalone code (allErrors off) where it cannot change
 * anything. Ajv counts errors in `errors` and, around each keyword, snapshots it (`const _errs3 = errors;`) to
 * ask later whether that keyword failed (`var valid0 = _errs3 === errors;`, `if(errors === _errs3){`). With
 * allErrors off, a failure outside a union returns at once, so `errors` only moves where a union collects its
 * branches' errors or a sub-validator fails (`errors++`, `errors = ...`). A comparison with no such move between
 * the snapshot and itself, and no loop around it that the snapshot is outside of, is always true: it is
 * replaced by `true`, and a `validN` flag that is only ever true no longer guards anything. Smaller functions
 * are ones V8 inlines into their callers.
 */

/** The index just past the string literal that opens at `start` (a `"`, as JSON.stringify writes every string). */
function stringEnd(code: string, start: number): number {
  for (let at = start + 1; at < code.length; at++) {
    const char = code[at];
    if (char === '\\') at++;
    else if (char === '"') return at + 1;
  }
  throw new Error(`unterminated string at ${start}`);
}

const closers: Record<string, string> = { '{': '}', '(': ')', '[': ']' };

/** The index just past the bracket that closes the one at `open`; a quote or backtick outside a string is refused. */
export function closingIndex(code: string, open: number): number {
  const stack: string[] = [];
  for (let at = open; at < code.length; at++) {
    const char = code[at]!;
    if (char === '"') {
      at = stringEnd(code, at) - 1;
    } else if (char === "'" || char === '`') {
      throw new Error(`unexpected ${char} outside a string: ${code.slice(at - 40, at + 40)}`);
    } else if (char in closers) {
      stack.push(closers[char]!);
    } else if (char === '}' || char === ')' || char === ']') {
      if (stack.pop() !== char) throw new Error(`unbalanced ${char}: ${code.slice(at - 40, at + 40)}`);
      if (stack.length === 0) return at + 1;
    }
  }
  throw new Error(`no closing bracket for ${code[open]} at ${open}`);
}

interface Range {
  start: number;
  end: number;
}

/** The bodies of the `for` loops in `body`. */
function loopBodies(body: string): Range[] {
  const loops: Range[] = [];
  for (const match of body.matchAll(/\bfor\(/g)) {
    const header = match.index + 'for'.length;
    const open = closingIndex(body, header);
    if (body[open] !== '{')
      throw new Error(
        `standalone bookkeeping: a loop without a block: ${body.slice(match.index, open + 40)}`,
      );
    loops.push({ start: open, end: closingIndex(body, open) });
  }
  return loops;
}

/** Where `errors` changes: a union collecting a branch's error, a failed sub-validator, a union's reset. */
function errorMoves(body: string): number[] {
  return [...body.matchAll(/errors\+\+|(?<![\w.$])(?<!let )errors = /g)].map((match) => match.index);
}

/** `errors` cannot have moved between `from` and `at`: no move between them, no loop around `at` alone. */
function settled(from: number, at: number, moves: readonly number[], loops: readonly Range[]): boolean {
  if (moves.some((move) => move > from && move < at)) return false;
  return !loops.some((loop) => loop.start < at && at < loop.end && !(loop.start < from && from < loop.end));
}

/** One function body with its settled comparisons replaced by `true`. */
function settleComparisons(body: string): string {
  const moves = errorMoves(body);
  const loops = loopBodies(body);
  const snapshots = new Map<string, number>();
  for (const match of body.matchAll(/const (_errs\d+) = errors;/g)) {
    if (snapshots.has(match[1]!)) throw new Error(`standalone bookkeeping: ${match[1]} is declared twice`);
    snapshots.set(match[1]!, match.index);
  }
  const start = body.indexOf('let errors = 0;');
  if (start < 0) throw new Error('standalone bookkeeping: a function without `let errors = 0;`');
  return body.replace(
    /\b(_errs\d+) === errors\b|(?<!return )\berrors === (_errs\d+|0)\b/g,
    (comparison, left: string | undefined, right: string | undefined, at: number) => {
      const name = left ?? right!;
      const from = name === '0' ? start : snapshots.get(name);
      if (from === undefined) throw new Error(`standalone bookkeeping: ${name} is never declared`);
      return settled(from, at, moves, loops) ? 'true' : comparison;
    },
  );
}

/** The index past an `else` branch that starts at `at` (a block, or an `if` with its own branches). */
function elseEnd(body: string, at: number): number {
  if (body[at] === '{') return closingIndex(body, at);
  if (!body.startsWith('if(', at)) throw new Error(`standalone bookkeeping: an else of another kind`);
  const block = closingIndex(body, at + 'if'.length);
  if (body[block] !== '{') throw new Error(`standalone bookkeeping: an if without a block`);
  const end = closingIndex(body, block);
  return body.startsWith('else ', end) ? elseEnd(body, end + 'else '.length) : end;
}

/** `if(true){A}` and `if(true){A}else ...` -> `{A}`, nested ones too. */
function unwrapIfTrue(body: string): string {
  let out = '';
  let from = 0;
  for (let at = body.indexOf('if(true){'); at >= 0; at = body.indexOf('if(true){', from)) {
    const open = at + 'if(true)'.length;
    const close = closingIndex(body, open);
    out += body.slice(from, at) + unwrapIfTrue(body.slice(open, close));
    from = body.startsWith('else ', close) ? elseEnd(body, close + 'else '.length) : close;
  }
  return out + body.slice(from);
}

/**
 * `validN` flags known to be true stop guarding, and their `if`s become plain blocks: a flag only ever set to
 * `true`, and any flag right after `var validN = true;}else {var validN = true;}`, where both branches of the
 * property's `if` have just set it (a branch that leaves early returns, or breaks out of the loop around both).
 * A flag no one reads any more is no longer set.
 */
function dropTrueFlags(body: string): string {
  let out = body;
  const flags = new Set([...out.matchAll(/\bvar (valid\d+) = /g)].map((match) => match[1]!));
  for (const flag of flags) {
    const joined = `var ${flag} = true;}else {var ${flag} = true;}`;
    out = out.replaceAll(`${joined}if(${flag}){`, `${joined}if(true){`);
    const assignments = [...out.matchAll(new RegExp(`(?<![\\w.$])${flag} = ([^;]*);`, 'g'))];
    if (assignments.every((assignment) => assignment[1] === 'true')) {
      out = out.replaceAll(`if(${flag}){`, 'if(true){').replaceAll(`if(!${flag}){break;}`, '');
    }
    // Unread now: its settings go, when they are `true` or a comparison of counts (no effect of their own).
    const unread = out.replace(new RegExp(`var ${flag} = (true|_errs\\d+ === errors);`, 'g'), '');
    if (!new RegExp(`\\b${flag}\\b`).test(unread)) out = unread;
  }
  out = unwrapIfTrue(out).replaceAll('else {}', '');
  return out.replace(/const (_errs\d+) = errors;/g, (declaration, name: string) =>
    new RegExp(`\\b${name}\\b`).test(out.replace(declaration, '')) ? declaration : '',
  );
}

/** A function where `errors` never moves reports no collected errors: it returns true once past its checks. */
function settleReturn(name: string, body: string): string {
  if (
    errorMoves(body).length > 0 ||
    /\bvErrors\b(?! = null;)/.test(body.replace(`${name}.errors = vErrors;`, ''))
  ) {
    return body;
  }
  const ending = `${name}.errors = vErrors;return errors === 0;`;
  if (!body.endsWith(ending))
    throw new Error(`standalone bookkeeping: ${name} does not end as Ajv's functions do`);
  const out =
    body.slice(0, -ending.length).replace('let vErrors = null;', '') + `${name}.errors = null;return true;`;
  return /\berrors\b(?! = 0;)/.test(out.replace(/\.errors\b/g, ''))
    ? out
    : out.replace('let errors = 0;', '');
}

/** Applies the above to every `function validateN(data){...}` of the module. */
export function dropSettledBookkeeping(code: string): string {
  let out = '';
  let from = 0;
  for (const match of code.matchAll(/function (validate\d+)\(data\)\{/g)) {
    const open = match.index + match[0].length - 1;
    const close = closingIndex(code, open);
    const body = code.slice(open + 1, close - 1);
    // Only `for` loops jump backwards: the settled test above knows no other.
    if (/\b(continue|while|do)\b/.test(body))
      throw new Error(`standalone bookkeeping: ${match[1]} has another loop`);
    out += code.slice(from, open + 1) + settleReturn(match[1]!, dropTrueFlags(settleComparisons(body))) + '}';
    from = close;
  }
  return out + code.slice(from);
}
