import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { exampleRequest } from '../http/example-request.js';
import { repositoryRoot } from '../support/repository-root.js';

/**
 * The per-root validator files and the code loaded on first use are compiled from their source by the library
 * (not by Node's CommonJS loader), which must work where a process forbids code made from strings, as hardened
 * servers run.
 */
describe('the validator files beside the bundle', () => {
  it('load and validate in a process started with --disallow-code-generation-from-strings', () => {
    const script = `
      let evalBlocked = false;
      try { new Function('return 1'); } catch { evalBlocked = true; }
      const library = await import('./dist/lib/index.js');
      const request = ${exampleRequest};
      const accepted = library.validate('messages-request', request).ok;
      const rejected = library.validate('messages-request', { ...request, messages: [{ role: 'robot', content: 'x' }] });
      const masked = library.maskDestination({ type: 'webhook', config: { url: 'https://user:hunter2hunter2@example.com/in' } });
      console.log(JSON.stringify({ evalBlocked, accepted, issues: rejected.ok ? [] : rejected.error.error.metadata.issues, url: masked.config.url }));`;
    const run = spawnSync(
      process.execPath,
      ['--disallow-code-generation-from-strings', '--input-type=module', '-e', script],
      { cwd: repositoryRoot, encoding: 'utf8', timeout: 20_000 },
    );
    expect(run.stderr).toBe('');
    const result = JSON.parse(run.stdout) as {
      evalBlocked: boolean;
      accepted: boolean;
      issues: Array<{ path: string }>;
      url: string;
    };
    expect(result.evalBlocked).toBe(true);
    expect(result.accepted).toBe(true);
    expect(result.issues.map((issue) => issue.path)).toEqual(['/messages/0/role']);
    expect(result.url).toBe('https://user:********...ter2@example.com/in');
  });
});
