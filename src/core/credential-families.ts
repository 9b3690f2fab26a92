import { isSecretName } from './secret-names.js';

/*
 * Credentials known by their form (contract: secret-masking): a string anywhere in a destination's config that
 * holds a token of one of these families is secret where it stands, whatever its name, as secret scanners find
 * them. One table, read by the string scan (string-secrets.ts) and so alike by the masker and the validator. A
 * look-alike without a family's whole shape (`sk-1234`, `AKIA-project`, prose about a private key) is kept.
 */

export interface CredentialFamily {
  /** What the family is, as the contract names it. */
  readonly name: string;
  /** Searched with the `g` and `d` flags; the last capture group that took part in a match is the secret. */
  readonly pattern: RegExp;
  /** Whether a match's secret is one: a check the pattern cannot say, such as a header's name being secret. */
  readonly accepts?: (match: RegExpExecArray) => boolean;
}

/** Neither a letter nor a digit stands before a token: `xAKIA...` is part of another word. */
const START = '(?<![A-Za-z0-9])';
/** Nor after it. */
const END = '(?![A-Za-z0-9])';

/** A PEM private key's first line: `-----BEGIN RSA PRIVATE KEY-----`, `-----BEGIN OPENSSH PRIVATE KEY-----`. */
const PEM_LABEL = '[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----';

/** A key body holds a run this long of base64: prose that names a private key holds none. */
const PEM_BODY = /[A-Za-z0-9+/=]{32}/;

/**
 * A header's name, then its value, as `curl -H` takes it: in quotes (escaped ones too, as a JSON document in a
 * string writes them), or one shell word.
 */
const HEADER_VALUE = `(?:\\\\"([A-Za-z0-9_.-]{1,128}):[ \\t]*((?:[^"\\\\\\n])*)\\\\"|"([A-Za-z0-9_.-]{1,128}):[ \\t]*([^"\\n]*)"|'([A-Za-z0-9_.-]{1,128}):[ \\t]*([^'\\n]*)'|([A-Za-z0-9_.-]{1,128}):([^\\s"';|&]*))`;

/** Whether the name a `HEADER_VALUE` match holds (in group 1, 3, 5 or 7, its value in the next) is a secret name. */
function headerNameIsSecret(match: RegExpExecArray): boolean {
  const name = match[1] ?? match[3] ?? match[5] ?? match[7];
  return name !== undefined && isSecretName(name);
}

const family = (name: string, source: string, accepts?: CredentialFamily['accepts']): CredentialFamily => ({
  name,
  pattern: new RegExp(source, 'dg'),
  ...(accepts && { accepts }),
});

/** The token families, as gitleaks and trufflehog know them. */
export const CREDENTIAL_FAMILIES: readonly CredentialFamily[] = [
  // Its body, from the BEGIN line to the END line, or to the string's end when a cut left no END line.
  family('PEM private key', `-----BEGIN${PEM_LABEL}([\\s\\S]*?)(?:-----END${PEM_LABEL}|$)`, (match) =>
    PEM_BODY.test(match[1] ?? ''),
  ),
  family('AWS access key id', `${START}((?:AKIA|ASIA)[A-Z0-9]{16})${END}`),
  family('Google API key', `(?<![A-Za-z0-9_-])(AIza[A-Za-z0-9_-]{35})(?![A-Za-z0-9_-])`),
  // A service account's JSON in a string: its `private_key` (and any member a secret name holds) is read here,
  // to the line's end when a cut took its closing quote.
  family(
    'a JSON member under a secret name',
    `"([A-Za-z0-9_.-]{1,128})"[ \\t\\r\\n]*:[ \\t\\r\\n]*"((?:[^"\\\\\\n]|\\\\.)*)(?:"|\\n|$)`,
    (match) => isSecretName(match[1]!),
  ),
  family('Stripe secret or restricted key', `${START}((?:sk|rk)_(?:live|test)_[A-Za-z0-9]{10,})${END}`),
  family('GitHub token', `${START}(gh[pousr]_[A-Za-z0-9]{36,})${END}`),
  family('GitHub fine-grained token', `${START}(github_pat_[A-Za-z0-9_]{36,})${END}`),
  family('GitLab token', `${START}(glpat-[A-Za-z0-9_-]{20,})(?![A-Za-z0-9_-])`),
  family('Slack token', `${START}(xox[abpors]-[0-9]+-[A-Za-z0-9-]{16,})(?![A-Za-z0-9-])`),
  family('Slack webhook path', `hooks\\.slack\\.com/(?:services|workflows|triggers)/([A-Za-z0-9+/_-]{20,})`),
  family('Anthropic key', `${START}(sk-ant-[A-Za-z0-9_-]{20,})(?![A-Za-z0-9_-])`),
  family('OpenRouter key', `${START}(sk-or-v1-[0-9a-f]{64})${END}`),
  family(
    'OpenAI key',
    `${START}(sk-(?:proj|svcacct|admin)-[A-Za-z0-9_-]{20,}|sk-[A-Za-z0-9]{20}T3BlbkFJ[A-Za-z0-9]{20}|sk-[A-Za-z0-9]{32,})(?![A-Za-z0-9_-])`,
  ),
  family('npm token', `${START}(npm_[A-Za-z0-9]{36,})${END}`),
  // The password `sshpass -p` takes, after any other options: quoted (escaped ones too), or one shell word.
  family(
    'sshpass -p argument',
    `${START}sshpass(?:[ \\t]+-[A-Za-oq-z][^\\s]*)*[ \\t]+-p[ \\t]*(?:\\\\"((?:[^"\\\\\\n])*)\\\\"|"([^"\\n]*)"|'([^'\\n]*)'|([^\\s"';|&]+))`,
  ),
  // `curl -H "X-Api-Key: ..."`: the value of a header whose name is a secret name.
  family(
    '-H header under a secret name',
    `(?<![A-Za-z0-9_-])(?:-H|--header)(?:[ \\t]+|=)${HEADER_VALUE}`,
    headerNameIsSecret,
  ),
];

/** Whether a string may hold a family's token: one search before any family's own. */
const HINTS =
  /PRIVATE KEY|AKIA|ASIA|AIza|"[ \t\r\n]*:|_live_|_test_|gh[pousr]_|github_pat_|glpat-|xox[abpors]-|hooks\.slack\.com|sk-|npm_|sshpass|-H|--header/;

/**
 * The secret parts of `text` that a credential family marks, as `[start, end)` pairs in a flat list, in the order
 * found (they may overlap: the caller merges them).
 */
export function credentialRanges(text: string): number[] {
  const ranges: number[] = [];
  if (!HINTS.test(text)) return ranges;
  for (const { pattern, accepts } of CREDENTIAL_FAMILIES) {
    pattern.lastIndex = 0;
    for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
      if (match[0] === '') pattern.lastIndex++;
      if (accepts !== undefined && !accepts(match)) continue;
      // The secret is the last group that took part: a header's value follows its name's group.
      for (let group = match.length - 1; group >= 1; group--) {
        const at = match.indices?.[group];
        if (at === undefined) continue;
        ranges.push(at[0], at[1]);
        break;
      }
    }
  }
  return ranges;
}
