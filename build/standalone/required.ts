import { closingIndex } from './scan.js';

/**
 * Build time: Ajv checks `required` as `((data.a === undefined) && (missing0 = "a")) || ...`, storing each
 * name as it goes so the error can say which was missing. That store is code on the success path of every
 * object, and makes the functions too big for V8 to inline. Here the check reads the properties only, and the
 * error names the first missing one (`firstMissing(data, ["a", ...])`, in the same order) when it is reported.
 */

const property = String.raw`(data\d*)(\.[A-Za-z_$][\w$]*|\["(?:[^"\\]|\\.)*"\])`;
const link = new RegExp(
  String.raw`\(${property} === undefined\) && \((missing\d+) = ("(?:[^"\\]|\\.)*")\)`,
  'g',
);

function fail(detail: string): never {
  throw new Error(`standalone rewrite (required): ${detail}`);
}

/** The name a property access reads: `.a` -> `a`, `["a-b"]` -> `a-b`. */
function nameOf(access: string): string {
  return access.startsWith('.') ? access.slice(1) : (JSON.parse(access.slice(1, -1)) as string);
}

/** `let missingN;if(CHAIN){...{missingProperty: missingN}...}` -> `if(READS){...{missingProperty: firstMissing(...)}...}`. */
export function requiredWithoutStores(code: string): string {
  let out = '';
  let from = 0;
  let rewritten = 0;
  for (const match of code.matchAll(/let (missing\d+);if\(/g)) {
    const variable = match[1]!;
    const open = match.index + match[0].length - 1;
    const close = closingIndex(code, open);
    const chain = code.slice(open + 1, close - 1);
    const links = [...chain.matchAll(link)];
    const data = links[0]?.[1];
    // The chain must be these links, or-ed in order, on one value, each storing into this variable.
    // Ajv nests to the left: `L`, `(L) || (L)`, `((L) || (L)) || (L)`.
    const expected = links
      .map((one) => `(${one[0]})`)
      .reduce((left, right, index) => (index === 1 ? `${left} || ${right}` : `(${left}) || ${right}`));
    if (
      links.length === 0 ||
      chain !== (links.length === 1 ? links[0]![0] : expected) ||
      links.some((one) => one[1] !== data || one[3] !== variable || JSON.parse(one[4]!) !== nameOf(one[2]!))
    ) {
      fail(`unexpected required check ${chain.slice(0, 200)}`);
    }
    if (code[close] !== '{') fail(`a required check without a block: ${code.slice(close, close + 80)}`);
    const blockEnd = closingIndex(code, close);
    const block = code.slice(close, blockEnd);
    const stored = `{missingProperty: ${variable}}`;
    // Inside a `not` or an `if` condition Ajv creates no error, so the name is never reported.
    if (block.split(stored).length > 2) fail(`${variable} is reported twice: ${block.slice(0, 200)}`);
    const names = JSON.stringify(links.map((one) => nameOf(one[2]!)));
    const reads = links.map((one) => `${one[1]}${one[2]} === undefined`).join(' || ');
    out += `${code.slice(from, match.index)}if(${reads})${block.replace(stored, `{missingProperty: firstMissing(${data}, ${names})}`)}`;
    from = blockEnd;
    rewritten++;
  }
  out += code.slice(from);
  if (/\bmissing\d+\b/.test(out))
    fail(`a missing-property variable is left: ${/.{80}\bmissing\d+\b.{40}/.exec(out)?.[0]}`);
  if (rewritten === 0) fail('no required check found');
  return out;
}
