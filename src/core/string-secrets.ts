import { isSecretParameterName, percentDecoded } from './secret-names.js';

/*
 * The secret parts of a string of a destination config (contract: secret-masking), found in one pass left to
 * right:
 * - a URL's password (`https://user:PASS@host`, a legacy Sentry DSN's secret), with or without a scheme
 *   (`//user:PASS@host`, `user:PASS@host:5432/db`); the password runs to the last `@` of the authority, and when
 *   the authority holds no `@`, a raw `/`, `?` or `#` of the password is read as its own (`user:pa/ss@host`);
 * - the whole userinfo when its user name holds an encoded colon (`user%3Apw@host`);
 * - the value of a query or fragment parameter (separated by `&` or `;`) whose name, percent-decoded, is a secret
 *   name (`?api_key=`, `#access_token=`, `?%2574oken=`);
 * - the value of a `name=value;` part outside a URL whose name is a secret name (`AccountKey=...;`), up to the
 *   next `;` or line end, or through its quotes.
 * A user name alone is not secret (`https://abc123@o0.ingest.sentry.io/0`), nor is the rest of a URL.
 */

/** Where the scan stands: in text, in a URL's path, or in a URL's query or fragment. */
type Mode = 'text' | 'path' | 'params';

/** A space or control character ends a URL and a token, as in running text. */
function isSpace(code: number): boolean {
  return code <= 0x20 || code === 0x7f;
}

/** What ends a URL's authority (`/`, `?`, `#`, `\`, the end of the URL). */
function endsAuthority(code: number): boolean {
  return isSpace(code) || code === 0x2f || code === 0x3f || code === 0x23 || code === 0x5c;
}

/** Characters that, outside a URL, end a token: a name of a `name=value` part starts after one. */
const TOKEN_BOUNDARIES = new Set(';&,"\'()<>[]{}|`?#');

/** Characters that separate a URL's query or fragment parameters. */
const PARAMETER_SEPARATORS = new Set('&;?#');

/**
 * The next index at or after a position where a character of a kind stands, remembered so that a scan asking
 * again from a nearby position reads no character twice: each string is read a bounded number of times.
 */
class Seeker {
  private from = 0;
  private found = -1;
  constructor(
    private readonly text: string,
    private readonly matches: (code: number, at: number) => boolean,
  ) {}

  /** The first index at or after `at` holding such a character, or the text's length. */
  next(at: number): number {
    if (this.found >= 0 && at >= this.from && at <= this.found) return this.found;
    if (this.found >= 0 && at < this.from) {
      // Nothing stands between `this.from` and `this.found`: only the stretch before `this.from` is new.
      for (let i = at; i < this.from; i++) {
        if (this.matches(this.text.charCodeAt(i), i)) return this.remember(at, i);
      }
      return this.remember(at, this.found);
    }
    let i = at;
    while (i < this.text.length && !this.matches(this.text.charCodeAt(i), i)) i++;
    return this.remember(at, i);
  }

  private remember(from: number, found: number): number {
    this.from = from;
    this.found = found;
    return found;
  }
}

/** The indices of every `@` of `text`, in order. */
function atSigns(text: string): number[] {
  const found: number[] = [];
  for (let at = text.indexOf('@'); at >= 0; at = text.indexOf('@', at + 1)) found.push(at);
  return found;
}

/** The index in `sorted` of its first entry at or after `at` (its length when none is). */
function firstAtOrAfter(sorted: readonly number[], at: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < at) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Whether a user name holds an encoded colon, as written or once percent-decoded again and again. */
function holdsEncodedColon(user: string): boolean {
  if (!user.includes('%')) return false;
  const decoded = percentDecoded(user);
  return decoded === undefined || decoded.includes(':');
}

/**
 * The secret parts of `text`, as `[start, end)` offsets in a flat list (`[s0, e0, s1, e1, ...]`), in order and
 * never overlapping; a part may be empty (`https://user:@host`, `?token=`). Masking a part with characters that
 * end nothing (`*`, `.`, letters and digits) leaves every other part where it was: the validator reads the
 * masker's output the same way.
 */
export function stringSecretRanges(text: string): number[] {
  const ranges: number[] = [];
  if (!text.includes('@') && !text.includes('=')) return ranges;
  const length = text.length;
  const ats = atSigns(text);
  const authorityEnds = new Seeker(text, endsAuthority);
  const spaces = new Seeker(text, isSpace);
  const schemeSeparators = new Seeker(
    text,
    (code, at) => code === 0x3a && text.charCodeAt(at + 1) === 0x2f && text.charCodeAt(at + 2) === 0x2f,
  );
  const tokenEnds = new Seeker(
    text,
    (code) => isSpace(code) || (code < 0x80 && TOKEN_BOUNDARIES.has(String.fromCharCode(code))),
  );

  /** The last `@` in `[from, to)`, or -1. */
  const lastAt = (from: number, to: number): number => {
    const last = ats[firstAtOrAfter(ats, to) - 1] ?? -1;
    return last >= from ? last : -1;
  };
  /** The first `@` at or after `from`, or the text's length. */
  const nextAt = (from: number): number => ats[firstAtOrAfter(ats, from)] ?? length;
  /** The first `:` in `[from, to)`, or -1. */
  const colonIn = (from: number, to: number): number => {
    for (let i = from; i < to; i++) if (text.charCodeAt(i) === 0x3a) return i;
    return -1;
  };

  /**
   * The userinfo of an authority starting at `start` (after `//`, or a token's start when `bare`): where its
   * `@` stands, or -1. Its end is the last `@` before the first `/`, `?`, `#` or `\`; failing that, when the
   * authority holds a `:`, the last `@` of the host after the first `@` further on, so a password may hold a raw
   * `/`, `?` or `#`, though not another URL's `://`. A bare one never runs past the end of its token.
   */
  const userinfoEnd = (start: number, bare: boolean): number => {
    const end = Math.min(authorityEnds.next(start), bare ? tokenEnds.next(start) : length);
    const inside = lastAt(start, end);
    if (inside >= 0) return inside;
    const colon = colonIn(start, end);
    if (colon < 0 || text.slice(start, colon).includes('[')) return -1;
    const first = nextAt(end);
    if (first >= Math.min(bare ? tokenEnds.next(end) : length, spaces.next(end))) return -1;
    if (schemeSeparators.next(colon + 1) < first) return -1;
    return lastAt(first, authorityEnds.next(first + 1));
  };

  /** Records the secret part of an authority's userinfo ending at `at`; true when there is one. */
  const recordUserinfo = (start: number, at: number): boolean => {
    const colon = colonIn(start, at);
    const userEnd = colon >= 0 ? colon : at;
    if (holdsEncodedColon(text.slice(start, userEnd))) ranges.push(start, at);
    else if (userEnd < at) ranges.push(userEnd + 1, at);
    else return false;
    return true;
  };

  /** Where a secret value starting at `start` ends: in a URL at its parameter's end, else at `;` or a line end. */
  const secretValueEnd = (start: number, inUrl: boolean): number => {
    let i = start;
    if (inUrl) {
      while (i < length && !isSpace(text.charCodeAt(i)) && !'&;#'.includes(text[i]!)) i++;
      return i;
    }
    const quote = text[i];
    if (quote === '"' || quote === "'") {
      const close = text.indexOf(quote, i + 1);
      i = close < 0 ? length : close + 1;
    }
    while (i < length && text[i] !== ';' && text[i] !== '\n' && text[i] !== '\r') i++;
    return i;
  };

  let mode = 'text' as Mode;
  // Whether the URL being read sits in a query: `&` then starts the next parameter of that query.
  let inQuery = false;
  // Where the current parameter's name starts (-1 inside a value), and where a bare authority may start.
  let nameStart = 0;
  let tokenStart = 0;

  /** Reads an authority at `start`: its userinfo's secret part, then its host and path. */
  const readAuthority = (start: number): number => {
    const at = userinfoEnd(start, false);
    if (at >= 0) recordUserinfo(start, at);
    mode = 'path';
    nameStart = -1;
    return at >= 0 ? at + 1 : start;
  };

  /** A bare `user:pw@host` at a token's start: its secret part; the index to go on from, or -1 when none. */
  const readBareAuthority = (start: number): number => {
    if (text.startsWith('//', start)) return readAuthority(start + 2);
    const end = tokenEnds.next(start);
    let userEnd = start;
    while (userEnd < end && !'/?#@:'.includes(text[userEnd]!)) userEnd++;
    const encoded = text[userEnd] === '@';
    if (!encoded && (text[userEnd] !== ':' || text.startsWith('//', userEnd + 1))) return -1;
    const at = userinfoEnd(start, true);
    if (at < 0 || !recordUserinfo(start, at)) return -1;
    mode = 'path';
    nameStart = -1;
    return at + 1;
  };

  /**
   * Reads the value after the `=` at `equals`: the whole of it is secret under a secret name; else a bare
   * authority may start it. The index to go on from.
   */
  const readValue = (equals: number, inUrl: boolean): number => {
    const secret = isSecretParameterName(text.slice(nameStart, equals));
    nameStart = -1;
    if (!secret) {
      tokenStart = equals + 1;
      return equals + 1;
    }
    const end = secretValueEnd(equals + 1, inUrl);
    ranges.push(equals + 1, end);
    return end;
  };

  let i = 0;
  while (i < length) {
    const code = text.charCodeAt(i);
    if (i === tokenStart && mode !== 'path') {
      const next = readBareAuthority(i);
      if (next >= 0) {
        i = next;
        continue;
      }
    }
    if (isSpace(code)) {
      mode = 'text';
      inQuery = false;
      nameStart = tokenStart = i + 1;
      i++;
      continue;
    }
    const char = text[i]!;
    if (char === ':' && mode !== 'params' && text.startsWith('//', i + 1)) {
      if (mode === 'text') inQuery = false;
      i = readAuthority(i + 3);
      continue;
    }
    if (char === ':' && mode === 'params' && nameStart < 0 && text.startsWith('//', i + 1)) {
      // A URL in a query value (`?next=https://...`): its own query continues the one around it.
      inQuery = true;
      i = readAuthority(i + 3);
      continue;
    }
    switch (mode) {
      case 'path':
        if (char === '?' || char === '#' || (char === '&' && inQuery)) {
          mode = 'params';
          inQuery = true;
          nameStart = i + 1;
        } else if (char === ';' && !inQuery) {
          mode = 'text';
          nameStart = tokenStart = i + 1;
        }
        break;
      case 'params':
        if (PARAMETER_SEPARATORS.has(char)) nameStart = i + 1;
        else if (char === '=' && nameStart >= 0) {
          i = readValue(i, true);
          continue;
        }
        break;
      default:
        if (TOKEN_BOUNDARIES.has(char)) nameStart = tokenStart = i + 1;
        else if (char === '=' && nameStart >= 0) {
          i = readValue(i, false);
          continue;
        }
        break;
    }
    i++;
  }
  return ranges;
}
