import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** One test of a case file, in the JSON-Schema-Test-Suite shape plus the expected issue path. */
export interface CaseTest {
  description: string;
  data: unknown;
  valid: boolean;
  /** JSON Pointer of the first issue expected on an invalid body. */
  path?: string;
  /**
   * Strings the error body must not hold anywhere, in a path or a sentence: a secret, or the name of an unknown
   * property (contract: secret-masking, issue-paths).
   */
  absent?: string[];
}

export interface CaseGroup {
  description: string;
  schema: string;
  tests: CaseTest[];
}

export const casesDir = fileURLToPath(new URL('../fixtures/cases/', import.meta.url));

/** Every case file under test/cases, by file name. */
export function loadCaseFiles(): Array<[file: string, groups: CaseGroup[]]> {
  return readdirSync(casesDir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => [file, JSON.parse(readFileSync(casesDir + file, 'utf8')) as CaseGroup[]]);
}
