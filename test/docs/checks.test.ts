import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from '../support/repository-root.js';

/*
 * `npm run check -- <change>` runs the test files test/checks.json lists for each checklist of CONTRIBUTING:
 * the list, the checklists and the commands they end with must name one another, and every file listed exist.
 */

interface Check {
  checklist: string;
  changes: string;
  typecheck: boolean;
  runtimes?: boolean;
  tests: string[];
}

const checks = JSON.parse(readFileSync(`${repositoryRoot}test/checks.json`, 'utf8')) as Record<string, Check>;
const contributing = readFileSync(`${repositoryRoot}CONTRIBUTING.md`, 'utf8');

/** The text of each `### ` section of CONTRIBUTING's "Checklists", by its heading. */
function checklists(): Map<string, string> {
  const part = contributing.slice(contributing.indexOf('\n## Checklists\n'));
  const end = part.indexOf('\n## ', 1);
  const sections = (end === -1 ? part : part.slice(0, end)).split('\n### ').slice(1);
  return new Map(sections.map((section) => [section.slice(0, section.indexOf('\n')), section]));
}

/** The check whose `changes` pattern a changed file matches. */
const checksOf = (file: string) =>
  Object.entries(checks)
    .filter(([, check]) => new RegExp(check.changes).test(file))
    .map(([name]) => name);

describe('the checks of the inner loop (test/checks.json)', () => {
  it('list files that exist, each once per check', () => {
    for (const [name, check] of Object.entries(checks)) {
      expect(
        check.tests.filter((path) => !existsSync(`${repositoryRoot}${path}`)),
        name,
      ).toEqual([]);
      expect(new Set(check.tests).size, name).toBe(check.tests.length);
    }
  });

  it('type-check where a listed file is a type test', () => {
    for (const [name, check] of Object.entries(checks)) {
      if (check.tests.some((path) => path.endsWith('.test-d.ts'))) expect(check.typecheck, name).toBe(true);
    }
  });

  it('are one per checklist of CONTRIBUTING, which ends by naming its command', () => {
    const sections = checklists();
    expect([...sections.keys()].sort()).toEqual(
      Object.values(checks)
        .map((check) => check.checklist)
        .sort(),
    );
    for (const [name, check] of Object.entries(checks)) {
      expect(sections.get(check.checklist), check.checklist).toContain(`\`npm run check -- ${name}\``);
    }
  });

  it('are all shown in CONTRIBUTING\'s "The inner loop"', () => {
    const loop = contributing.slice(contributing.indexOf('### The inner loop'));
    const listed = [...loop.slice(0, loop.indexOf('```\n\n')).matchAll(/^npm run check -- (\w+)/gm)].map(
      (match) => match[1],
    );
    expect(listed).toEqual(Object.keys(checks));
  });

  it('point npm run generate at the change its files make', () => {
    expect(checksOf('schemas/preset-config.ts')).toEqual(['field']);
    expect(checksOf('schemas/audio-block.ts')).toEqual(['block']);
    expect(checksOf('schemas/message.ts')).toEqual(['block']);
    expect(checksOf('schemas/params.ts')).toEqual(['operation']);
    expect(checksOf('schemas/operations.ts')).toEqual(['operation']);
    expect(checksOf('src/body/json-depth.ts')).toEqual(['guard']);
    expect(checksOf('src/http/adapters/koa.ts')).toEqual(['adapter']);
    expect(checksOf('test/runtimes/package-lock.json')).toEqual(['runtime']);
    expect(checksOf('README.md')).toEqual([]);
  });
});
