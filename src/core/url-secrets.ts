import { isSecretQueryName } from './secret-names.js';

/*
 * The secret parts of the URLs inside a string (contract: secret-masking): the password of a URL's userinfo
 * (`https://user:PASS@host`, a legacy Sentry DSN's secret) and the value of a query parameter whose name, without
 * case, contains a secret word (`?api_key=`, `?token=`, `?X-Amz-Signature=`). A URL starts after any `://` and
 * runs to the next space or control character; one inside another's path or query value (`?next=https://...`)
 * is read too. One pass over the string, so a long value costs its length once.
 */

/**
 * Where the scan stands: outside any URL; in an authority, a path, a query parameter's name, its value (`value`
 * when no secret, where a URL may start; `secret` when masked as a whole), or a fragment.
 */
type Part = 'text' | 'authority' | 'path' | 'name' | 'value' | 'secret' | 'fragment';

/** A space or control character ends a URL, as in running text. */
function endsUrl(code: number): boolean {
  return code <= 0x20 || code === 0x7f;
}

/** Parts in which `://` starts a URL: not an authority (its `:` is userinfo's or a port's), a name or a secret. */
const urlMayStart: ReadonlySet<Part> = new Set(['text', 'path', 'value', 'fragment']);

/**
 * The secret parts of the URLs in `text`, as `[start, end)` offsets in a flat list (`[s0, e0, s1, e1, ...]`), in
 * order and never overlapping; a part may be empty (`https://user:@host`, `?token=`). A masked value holds no
 * character that ends a part (it keeps a few of the part's own characters, `*` and `.`), so masking the text
 * inside these ranges leaves every range where it was: the validator reads the masker's output the same way.
 */
export function urlSecretRanges(text: string): number[] {
  const ranges: number[] = [];
  if (!text.includes('://')) return ranges;
  let part = 'text' as Part;
  // Whether the URL being read sits in a query: `&` then starts the next parameter of that query.
  let inQuery = false;
  // Where the current authority, parameter name or value starts.
  let start = 0;
  let firstColon = -1;
  let lastAt = -1;

  /** Leaves the current part at `end` for `next`, recording a password or a secret value that ends there. */
  const leave = (end: number, next: Part) => {
    if (part === 'authority' && firstColon >= 0 && firstColon < lastAt) ranges.push(firstColon + 1, lastAt);
    if (part === 'secret') ranges.push(start, end);
    if (next === 'name') inQuery = true;
    else if (next === 'text' || next === 'fragment') inQuery = false;
    part = next;
    start = end + 1;
  };

  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (endsUrl(code)) {
      leave(i, 'text');
      continue;
    }
    const char = text[i];
    if (char === ':' && urlMayStart.has(part) && text.startsWith('//', i + 1)) {
      // A URL in running text or a fragment stands alone; one in a path or query value is bounded by its query.
      if (part === 'text' || part === 'fragment') inQuery = false;
      part = 'authority';
      i += 2;
      start = i + 1;
      firstColon = -1;
      lastAt = -1;
      continue;
    }
    const nextParameter = char === '&' && inQuery;
    switch (part) {
      case 'authority':
        if (char === ':') firstColon = firstColon < 0 ? i : firstColon;
        else if (char === '@') lastAt = i;
        else if (char === '/' || char === '\\') leave(i, 'path');
        else if (char === '?' || nextParameter) leave(i, 'name');
        else if (char === '#') leave(i, 'fragment');
        break;
      case 'path':
        if (char === '?' || nextParameter) leave(i, 'name');
        else if (char === '#') leave(i, 'fragment');
        break;
      case 'name':
        if (char === '=') leave(i, isSecretQueryName(text.slice(start, i)) ? 'secret' : 'value');
        else if (char === '&') leave(i, 'name');
        else if (char === '#') leave(i, 'fragment');
        break;
      case 'value':
      case 'secret':
        if (char === '&') leave(i, 'name');
        else if (char === '#') leave(i, 'fragment');
        break;
      default:
        break;
    }
  }
  leave(text.length, 'text');
  return ranges;
}
