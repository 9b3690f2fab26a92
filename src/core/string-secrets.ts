import { MASKED_SECRET_PATTERN } from '../../schemas/masked-secret.js';
import { credentialRanges } from './credential-families.js';
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
 * - the value of a `name=value;` part outside a URL whose name is a secret name (`AccountKey=...;`), with or
 *   without blanks around the `=` (`Password = ...`), up to the next `;` or line end, through its quotes or its
 *   `{...}` braces (`PWD={a;b}`);
 * - the credential after `Bearer` or `Basic` anywhere (`Authorization: Bearer ...`);
 * - a token of a credential family (credential-families.ts), wherever it stands.
 * A user name alone is not secret (`https://abc123@o0.ingest.sentry.io/0`), nor is the rest of a URL; a bare
 * `user@host` still starts a URL, as it would once a password before its `@` is masked, but a bare
 * `user:pw@host` only with a host that reads as one (so `10:30@noon` is prose). After `//`, a tab or another
 * control character but a line break stays in the authority, as URL parsers strip or encode it.
 */

/** Where the scan stands: in text, in a URL's path, or in a URL's query or fragment. */
type Mode = 'text' | 'path' | 'params';

/** Bits of the character classes the scan reads, by ASCII code. */
const SPACE = 1; // a space or control character: ends a URL and a token, as in running text
const AUTHORITY_END = 2; // `/`, `?`, `#`, `\` or a space: ends a URL's authority
const TOKEN_END = 4; // outside a URL, a name of a `name=value` part starts after one of these or a space
const PARAMETER_SEPARATOR = 8; // separates a URL's query or fragment parameters
const USER_END = 16; // ends a bare user name: `/`, `?`, `#`, `@`, `:`, `=`
const SECRET_END = 32; // ends a secret parameter value in a URL: `&`, `;`, `#` or a space
const SIGNIFICANT = 64; // `:` and `=`, which the scan reads besides the characters of the classes above

const classes = new Uint8Array(128);
for (let code = 0; code <= 0x20; code++) classes[code] = SPACE | AUTHORITY_END | TOKEN_END | SECRET_END;
classes[0x7f] = SPACE | AUTHORITY_END | TOKEN_END | SECRET_END;
const mark = (chars: string, bit: number) => {
  for (const char of chars) classes[char.charCodeAt(0)]! |= bit;
};
mark('/?#\\', AUTHORITY_END);
mark(';&,"\'()<>[]{}|`?#', TOKEN_END);
mark('&;?#', PARAMETER_SEPARATOR);
mark('/?#@:=', USER_END);
mark('&;#', SECRET_END);
mark(':=', SIGNIFICANT);

/**
 * Whether a character ends a URL's authority after `//`: `/`, `?`, `#`, `\`, a space or a line break. Other
 * control characters (a tab) stay in it, as URL parsers strip or encode them, so a password holding one is read
 * whole.
 */
function endsUrlAuthority(code: number): boolean {
  return code === 0x2f || code === 0x3f || code === 0x23 || code === 0x5c || isBreak(code);
}

/** Whether a character is a space or a line break, which no URL runs across. */
function isBreak(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d;
}

/** Whether the character of `code` is of the class `bit`: only ASCII characters are of any. */
function isOf(code: number, bit: number): boolean {
  return code < 0x80 && (classes[code]! & bit) !== 0;
}

/**
 * The next index at or after a position where a character of a kind stands, remembered so that a scan asking
 * again from a nearby position reads no character twice: each string is read a bounded number of times.
 */
class Seeker {
  private from = 0;
  private found = -1;
  constructor(
    private readonly text: string,
    private readonly matches: (at: number) => boolean,
  ) {}

  /** The first index at or after `at` holding such a character, or the text's length. */
  next(at: number): number {
    if (this.found >= 0 && at >= this.from && at <= this.found) return this.found;
    if (this.found >= 0 && at < this.from) {
      // Nothing stands between `this.from` and `this.found`: only the stretch before `this.from` is new.
      for (let i = at; i < this.from; i++) {
        if (this.matches(i)) return this.remember(at, i);
      }
      return this.remember(at, this.found);
    }
    let i = at;
    while (i < this.text.length && !this.matches(i)) i++;
    return this.remember(at, i);
  }

  private remember(from: number, found: number): number {
    this.from = from;
    this.found = found;
    return found;
  }
}

/** Whether a character is a space or a tab, which a connection string allows around its `=`. */
function isBlank(code: number): boolean {
  return code === 0x20 || code === 0x09;
}

/** Whether a character is an ASCII letter or digit, which no scheme's name follows. */
function isWordChar(code: number): boolean {
  return (code >= 0x30 && code <= 0x39) || ((code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a);
}

const CREDENTIAL_SCHEMES = ['bearer', 'basic'] as const;

/** The HTTP credential scheme whose name, in any case and followed by a blank, stands at `at`, if one does. */
function credentialScheme(text: string, at: number): (typeof CREDENTIAL_SCHEMES)[number] | undefined {
  return CREDENTIAL_SCHEMES.find(
    (scheme) =>
      isBlank(text.charCodeAt(at + scheme.length)) &&
      text.slice(at, at + scheme.length).toLowerCase() === scheme,
  );
}

/** Whether a string may hold a credential scheme's name and a blank; compiled on first need. */
let schemeSearch: RegExp | undefined;
function mayHoldCredential(text: string): boolean {
  return (schemeSearch ??= /b(?:earer|asic)[\t ]/i).test(text);
}

/** Whether a character continues a name, so that a scheme's name after it is none (`api_bearer`, `x-basic`). */
function continuesName(code: number): boolean {
  return isWordChar(code) || code === 0x5f || code === 0x2d || code === 0x2e;
}

/**
 * Whether a token is a `Bearer` credential rather than the next word of prose (`Bearer of news`): one holding a
 * digit or one of `-._~+/=`, or of at least 20 letters.
 */
function isBearerCredential(token: string): boolean {
  return token.length >= 20 || /[0-9\-._~+/=]/.test(token);
}

// Compiled on first need; the `u` flag matches what the schema's validator compiles.
let maskedPattern: RegExp | undefined;

/** Whether a token is a masked secret as the masker writes one (contract: secret-masking), not a bare ellipsis. */
function isMasked(token: string): boolean {
  if (token === '' || token === '...' || token === '…') return false;
  return (maskedPattern ??= new RegExp(MASKED_SECRET_PATTERN, 'u')).test(token);
}

/** Whether a token is a `Basic` credential: base64 of a text holding the `:` between a user and a password. */
function isBasicCredential(token: string): boolean {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(token)) return false;
  try {
    return atob(token).includes(':');
  } catch {
    return false;
  }
}

/**
 * Whether what follows a scheme-less userinfo's `@` at `from` reads as a host: a name holding a dot between
 * letters or digits (`db.example.com`), one followed by a port or a path (`db:5432`, `db/app`), or `localhost`.
 */
function looksLikeHost(text: string, from: number): boolean {
  let end = from;
  while (end < text.length && !isOf(text.charCodeAt(end), AUTHORITY_END | TOKEN_END | SIGNIFICANT)) end++;
  const host = text.slice(from, end);
  if (host.toLowerCase() === 'localhost' || /[A-Za-z0-9]\.[A-Za-z0-9]/.test(host)) return true;
  const next = text.charCodeAt(end);
  const afterColon = text.charCodeAt(end + 1);
  return (next === 0x3a && afterColon >= 0x30 && afterColon <= 0x39) || (next === 0x2f && end > from);
}

/** The index after the `}` closing a `{...}` value whose content starts at `from` (`}}` is a `}` inside it). */
function closingBrace(text: string, from: number): number {
  for (let close = text.indexOf('}', from); close >= 0; close = text.indexOf('}', close + 2)) {
    if (text.charCodeAt(close + 1) !== 0x7d) return close + 1;
  }
  return text.length;
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
 * never overlapping; a part may be empty (`https://user:@host`, `?token=`): the parts its forms mark and the
 * tokens of credential families, merged where they overlap or touch. Masking a part with characters that end
 * nothing (`*`, `.`, letters and digits) leaves every other part where it was: the validator reads the masker's
 * output the same way.
 */
export function stringSecretRanges(text: string): number[] {
  const families = credentialRanges(text);
  const parts = formRanges(text);
  return families.length === 0 ? parts : mergedRanges([...parts, ...families]);
}

/**
 * Ranges in any order, overlapping or not, as one sorted list of disjoint ones: overlapping or touching ranges
 * become one, and an empty one within or beside another is dropped.
 */
function mergedRanges(flat: readonly number[]): number[] {
  const pairs: Array<[number, number]> = [];
  for (let i = 0; i < flat.length; i += 2) pairs.push([flat[i]!, flat[i + 1]!]);
  pairs.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const merged: number[] = [];
  for (const [start, end] of pairs) {
    const last = merged.length - 1;
    if (last > 0 && start <= merged[last]!) merged[last] = Math.max(merged[last]!, end);
    else merged.push(start, end);
  }
  return merged;
}

/** The parts of `text` that its forms mark: a URL's password, a parameter's value, a credential after its scheme. */
function formRanges(text: string): number[] {
  const ranges: number[] = [];
  if (!text.includes('@') && !text.includes('=') && !mayHoldCredential(text)) return ranges;
  const length = text.length;
  const ats = atSigns(text);
  const of = (bit: number) => (at: number) => isOf(text.charCodeAt(at), bit);
  const authorityEnds = new Seeker(text, of(AUTHORITY_END));
  const urlAuthorityEnds = new Seeker(text, (at) => endsUrlAuthority(text.charCodeAt(at)));
  const spaces = new Seeker(text, of(SPACE));
  const breaks = new Seeker(text, (at) => isBreak(text.charCodeAt(at)));
  const tokenEnds = new Seeker(text, of(TOKEN_END));
  const schemeSeparators = new Seeker(text, (at) => text.startsWith('://', at));

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
    const ends = bare ? authorityEnds : urlAuthorityEnds;
    const end = Math.min(ends.next(start), bare ? tokenEnds.next(start) : length);
    const inside = lastAt(start, end);
    if (inside >= 0) return inside;
    const colon = colonIn(start, end);
    // A `[` is an IPv6 host's, and a `://` right after the colon is a scheme's, not a password's start.
    if (colon < 0 || text.slice(start, colon).includes('[') || text.startsWith('//', colon + 1)) return -1;
    const first = nextAt(end);
    if (first >= Math.min(bare ? tokenEnds.next(end) : length, (bare ? spaces : breaks).next(end))) return -1;
    if (schemeSeparators.next(colon + 1) < first) return -1;
    return lastAt(first, ends.next(first + 1));
  };

  /** Records the secret part of an authority's userinfo ending at `at`, if it has one. */
  const recordUserinfo = (start: number, at: number): void => {
    const colon = colonIn(start, at);
    const userEnd = colon >= 0 ? colon : at;
    if (holdsEncodedColon(text.slice(start, userEnd))) ranges.push(start, at);
    else if (userEnd < at) ranges.push(userEnd + 1, at);
  };

  /**
   * Where a secret value starting at `start` ends: in a URL at its parameter's end; else at `;` or a line end,
   * past its quotes or its `{...}` braces (where `}}` stands for a `}`), its trailing blanks left out.
   */
  const secretValueEnd = (start: number, inUrl: boolean): number => {
    let i = start;
    if (inUrl) {
      while (i < length && !isOf(text.charCodeAt(i), SECRET_END)) i++;
      return i;
    }
    const opening = text[i];
    if (opening === '"' || opening === "'") {
      const close = text.indexOf(opening, i + 1);
      i = close < 0 ? length : close + 1;
    } else if (opening === '{') i = closingBrace(text, i + 1);
    for (let code = text.charCodeAt(i); i < length; code = text.charCodeAt(++i)) {
      if (code === 0x3b || code === 0x0a || code === 0x0d) break;
    }
    while (i > start && isBlank(text.charCodeAt(i - 1))) i--;
    return i;
  };

  /**
   * The name of a `name=value` part whose `=` stands at `equals`: from `nameStart`, or, when only blanks stand
   * between them (`Password = `), the token before those blanks.
   */
  const partName = (equals: number): string => {
    let end = equals;
    while (end > nameStart && isBlank(text.charCodeAt(end - 1))) end--;
    if (end > nameStart) return text.slice(nameStart, end);
    while (end > 0 && isBlank(text.charCodeAt(end - 1))) end--;
    let begin = end;
    while (begin > 0 && !isOf(text.charCodeAt(begin - 1), TOKEN_END)) begin--;
    return text.slice(begin, end);
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

  /**
   * A bare `user:pw@host` or `user@host` at a token's start: its secret part; the index to go on from, or -1
   * when the token is no such authority.
   */
  const readBareAuthority = (start: number): number => {
    if (text.startsWith('//', start)) return readAuthority(start + 2);
    let userEnd = start;
    while (userEnd < length && !isOf(text.charCodeAt(userEnd), USER_END | TOKEN_END)) userEnd++;
    const stop = text.charCodeAt(userEnd);
    if (stop !== 0x40 && (stop !== 0x3a || text.startsWith('//', userEnd + 1))) return -1;
    const at = userinfoEnd(start, true);
    if (at < 0) return -1;
    // Without a scheme, `user:pw@` needs a host that reads as one, so prose (`10:30@noon`) is no URL.
    if (colonIn(start, at) >= 0 && !looksLikeHost(text, at + 1)) return -1;
    // A user name alone is no secret, but what follows its `@` is a host and a path all the same, as it would
    // be once a password before it is masked.
    recordUserinfo(start, at);
    mode = 'path';
    nameStart = -1;
    return at + 1;
  };

  /**
   * Reads the value after the `=` at `equals`: the whole of it is secret under a secret name; else a bare
   * authority may start it. The index to go on from.
   */
  const readValue = (equals: number, inUrl: boolean): number => {
    const secret = isSecretParameterName(inUrl ? text.slice(nameStart, equals) : partName(equals));
    nameStart = -1;
    if (!secret) {
      tokenStart = equals + 1;
      return equals + 1;
    }
    let start = equals + 1;
    if (!inUrl) while (start < length && isBlank(text.charCodeAt(start))) start++;
    const end = secretValueEnd(start, inUrl);
    ranges.push(start, end);
    return end;
  };

  /**
   * A `Bearer` or `Basic` credential at `at`, where such a scheme's name may start: the index after it, once
   * recorded, or -1 when none stands there.
   */
  const readCredential = (at: number): number => {
    const scheme = credentialScheme(text, at);
    if (scheme === undefined) return -1;
    let start = at + scheme.length;
    while (isBlank(text.charCodeAt(start))) start++;
    let end = start;
    while (end < length && !isOf(text.charCodeAt(end), TOKEN_END)) end++;
    const credential = text.slice(start, end);
    // A masked credential is read as one too, so that the masker's output reads as the same parts.
    if (!isMasked(credential)) {
      // A credential is a token68, which starts with a letter, a digit or one of `-._~+/`.
      const first = text.charCodeAt(start);
      if (!isWordChar(first) && !'-._~+/'.includes(text[start] ?? '=')) return -1;
      if (scheme === 'basic' ? !isBasicCredential(credential) : !isBearerCredential(credential)) return -1;
    }
    ranges.push(start, end);
    return end;
  };

  let i = 0;
  while (i < length) {
    const code = text.charCodeAt(i);
    if ((code | 0x20) === 0x62 && (i === 0 || !continuesName(text.charCodeAt(i - 1)))) {
      const next = readCredential(i);
      if (next >= 0) {
        i = next;
        continue;
      }
    }
    if (i === tokenStart && mode !== 'path') {
      const next = readBareAuthority(i);
      if (next >= 0) {
        i = next;
        continue;
      }
    }
    // Most characters are none the scan reads.
    if (code >= 0x80 || classes[code] === 0) {
      i++;
      continue;
    }
    if (isOf(code, SPACE)) {
      mode = 'text';
      inQuery = false;
      nameStart = tokenStart = i + 1;
      i++;
      continue;
    }
    if (code === 0x3a && text.startsWith('//', i + 1)) {
      if (mode === 'text') inQuery = false;
      // A URL in a query value (`?next=https://...`): its own query continues the one around it. A `://` in a
      // parameter's name starts none.
      if (mode !== 'params' || nameStart < 0) {
        if (mode === 'params') inQuery = true;
        i = readAuthority(i + 3);
        continue;
      }
    }
    switch (mode) {
      case 'path':
        if (code === 0x3f || code === 0x23 || (code === 0x26 && inQuery)) {
          mode = 'params';
          inQuery = true;
          nameStart = i + 1;
        } else if (code === 0x3b && !inQuery) {
          mode = 'text';
          nameStart = tokenStart = i + 1;
        }
        break;
      case 'params':
        if (isOf(code, PARAMETER_SEPARATOR)) nameStart = i + 1;
        else if (code === 0x3d && nameStart >= 0) {
          i = readValue(i, true);
          continue;
        }
        break;
      default:
        if (isOf(code, TOKEN_END)) nameStart = tokenStart = i + 1;
        else if (code === 0x3d && nameStart >= 0) {
          i = readValue(i, false);
          continue;
        }
        break;
    }
    i++;
  }
  return ranges;
}
