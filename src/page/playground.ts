import { parseJsonBody } from '../body/json-body.js';
import { jsonBody } from '../body/json-body-loader.js';
import type { Issue } from '../core/errors.js';
import { normalizePresetRequest } from '../core/normalize.js';
import { operations } from '../core/operations.js';
import { addProfile } from '../core/profiles.js';
import { maskDestination, maskSecret, unmaskedSecretMessage } from '../core/secret-scan.js';
import { secretScan } from '../core/secret-scan-loader.js';
import { validate, type RootName } from '../core/validators.js';
import type { MessagesRequest } from '../generated/types.js';
import { locateValues, type TextRange } from './json-locator.js';
import type { PageExample } from './page-example.js';

/**
 * The playground: validates a pasted body in the browser with the package's precompiled validators (no code is
 * compiled at run time, so the page's Content Security Policy needs no `unsafe-eval`), lists every issue, marks
 * each issue's path in the pasted JSON, and shows the preset a valid messages request normalizes to.
 */

// The page is served as a fixed set of files, so the code the library loads on first use is bundled in, not fetched.
jsonBody.provide({ parseJsonBody });
secretScan.provide({ maskDestination, maskSecret, unmaskedSecretMessage });

const element = <T extends HTMLElement>(id: string): T => {
  const found = document.getElementById(id);
  if (found === null) throw new Error(`the page has no #${id}`);
  return found as T;
};

/** Each body the interface exchanges, named by the operation and the status that carries it. */
function bodyChoices(): Array<{ root: RootName; label: string }> {
  const choices: Array<{ root: RootName; label: string }> = [];
  for (const operation of Object.values(operations)) {
    if (operation.body !== null) {
      choices.push({ root: operation.body, label: `${operation.id}: request (${operation.body})` });
    }
    choices.push({ root: operation.success, label: `${operation.id}: 200 (${operation.success})` });
  }
  choices.push({ root: 'error-response', label: 'every operation: 4xx and 5xx (error-response)' });
  return choices;
}

/** The range an issue's path marks: its value, or its nearest ancestor that the text has (a missing property). */
function rangeOf(ranges: Map<string, TextRange>, path: string): TextRange | undefined {
  for (let pointer = path; ; pointer = pointer.slice(0, pointer.lastIndexOf('/'))) {
    const range = ranges.get(pointer);
    if (range !== undefined || pointer === '') return range;
  }
}

/** The text with each issue's range in a `<mark>`; built from text nodes only, so nothing pasted is markup. */
function renderLocated(target: HTMLElement, text: string, issues: readonly Issue[]): void {
  const ranges = locateValues(text);
  const marks = issues
    .map((issue, index) => ({ issue, index, range: rangeOf(ranges, issue.path) }))
    .filter((mark): mark is { issue: Issue; index: number; range: TextRange } => mark.range !== undefined)
    // Outer ranges first, so a nested issue's mark is drawn inside its parent's.
    .sort((a, b) => a.range.start - b.range.start || b.range.end - a.range.end);
  target.replaceChildren();
  const stack: Array<{ node: HTMLElement; end: number }> = [{ node: target, end: text.length }];
  let at = 0;
  const emitUntil = (offset: number) => {
    while (stack.length > 1 && stack.at(-1)!.end <= offset) {
      const closing = stack.pop()!;
      closing.node.append(text.slice(at, closing.end));
      at = closing.end;
    }
    stack.at(-1)!.node.append(text.slice(at, offset));
    at = offset;
  };
  for (const { issue, index, range } of marks) {
    emitUntil(range.start);
    const mark = document.createElement('mark');
    mark.dataset['path'] = issue.path;
    mark.dataset['issue'] = String(index + 1);
    mark.title = `${index + 1}. ${issue.path || '(root)'}: ${issue.message}`;
    stack.at(-1)!.node.append(mark);
    stack.push({ node: mark, end: Math.min(range.end, stack.at(-1)!.end) });
  }
  emitUntil(text.length);
  target.hidden = false;
  // The first issue in view, inside the box, without scrolling the page.
  const first = target.querySelector('mark');
  target.scrollTop = first === null ? 0 : Math.max(0, (first as HTMLElement).offsetTop - 24);
}

function showIssues(list: HTMLElement, issues: readonly Issue[]): void {
  list.replaceChildren(
    ...issues.map((issue) => {
      const item = document.createElement('li');
      const path = document.createElement('code');
      path.className = 'issue-path';
      path.textContent = issue.path || '(root)';
      item.append(path, ` ${issue.message}`);
      return item;
    }),
  );
}

async function start(): Promise<void> {
  const rootSelect = element<HTMLSelectElement>('root');
  const exampleSelect = element<HTMLSelectElement>('example');
  const input = element<HTMLTextAreaElement>('input');
  const verdict = element('verdict');
  const issueList = element('issues');
  const located = element('located');
  const presetBox = element('preset-box');
  const preset = element('preset');

  for (const { root, label } of bodyChoices()) rootSelect.add(new Option(label, root));
  const examples = (await (await fetch('assets/examples.json')).json()) as PageExample[];
  examples.forEach((example, index) => {
    exampleSelect.add(new Option(`${example.valid ? '✓' : '✗'} ${example.title}`, String(index)));
  });
  // The default profile, whose collecting validators list every issue of a rejected body, loads beside this script.
  const ready = Promise.all([
    import('../generated/validators.js'),
    import('../generated/validators-all-issues.js'),
  ]).then(([verdict, collecting]) => addProfile('default', { verdict, collecting }));

  const check = async () => {
    await ready;
    const root = rootSelect.value as RootName;
    const text = input.value;
    const parsed = parseJsonBody(text);
    const result = parsed.ok ? validate(root, parsed.value) : parsed;
    const issues = result.ok ? [] : (result.error.error.metadata?.issues ?? []);
    verdict.className = `verdict ${result.ok ? 'valid' : 'invalid'}`;
    verdict.textContent = result.ok
      ? `Valid ${root}.`
      : `Invalid ${root}: ${issues.length} issue${issues.length === 1 ? '' : 's'} (${result.error.error.message}).`;
    showIssues(issueList, issues);
    if (parsed.ok) renderLocated(located, text, issues);
    else located.hidden = true;
    const normalized =
      result.ok && root === 'messages-request'
        ? normalizePresetRequest(result.value as MessagesRequest)
        : null;
    preset.textContent = normalized === null ? '' : JSON.stringify(normalized, null, 2);
    presetBox.hidden = normalized === null;
  };

  exampleSelect.addEventListener('change', () => {
    const example = examples[Number(exampleSelect.value)];
    if (exampleSelect.value === '' || example === undefined) return;
    rootSelect.value = example.root;
    input.value = JSON.stringify(example.body, null, 2);
    void check();
  });
  element('check').addEventListener('click', () => void check());
  document.body.dataset['playground'] = 'ready';
}

start().catch((error: unknown) => {
  element('verdict').textContent = `The playground failed to start: ${String(error)}`;
});
