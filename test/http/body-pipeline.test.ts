import { describe, expect, it } from 'vitest';
import { checkDocument, documentPipeline } from '../../src/cli/verdict.js';
import { errorBody } from '../../src/core/errors.js';
import { normalizePresetRequest } from '../../src/core/normalize.js';
import type { MessagesRequest } from '../../src/core/types.js';
import { readBody } from '../../src/http/body-validation.js';
import { createHandler } from '../../src/http/handler.js';
import type { GatewayOperations, Principal } from '../../src/http/types.js';
import { requestTexts } from '../cli/request-lines.js';
import { loadCaseFiles } from '../support/cases.js';
import { stubOperations } from '../support/stub-operations.js';

/*
 * One body pipeline (src/body/body-pipeline.ts) behind three surfaces: the handler's create operation, the body
 * check of a route of one's own, and the command line. Each body must get one verdict from all three.
 */

const management: Principal = { kind: 'management', userId: 'u-m', workspaceId: null };
const maxBytes = 4096;
const utf8 = (text: string) => new TextEncoder().encode(text);

/** Every messages request of the case files, and bodies each guard refuses, as bytes. */
const bodies: Uint8Array[] = [
  ...requestTexts(loadCaseFiles().flatMap(([, groups]) => groups)).map(utf8),
  utf8('{"model":"m","messages":[],"model":"n"}'),
  utf8(`{"model":"m","messages":${'['.repeat(80)}${']'.repeat(80)}}`),
  utf8(`{"model":"${'x'.repeat(maxBytes)}","messages":[]}`),
  utf8('[1]'),
  utf8(' '),
  new Uint8Array([0x7b, 0xff, 0x7d]),
];

/** A create operation that answers with what it received, so the handler's 200 shows the body it passed on. */
function echoing(received: unknown[]): GatewayOperations {
  return stubOperations(
    { createPresetsMessages: ({ request }) => (received.push(request), errorBody(409)) },
    () => errorBody(500),
  );
}

describe('the body pipeline', () => {
  it('gives the handler, the body check and the command line one verdict per body', async () => {
    const received: unknown[] = [];
    const handler = createHandler({
      resolveKey: (key) => (key === 'm' ? management : null),
      operations: echoing(received),
      limits: { maxBytes },
    });
    const headers = { 'content-type': 'application/json', authorization: 'Bearer m' };
    const pipeline = documentPipeline({ name: 'messages-request', maxBytes, profile: 'default' });
    let valid = 0;
    for (const body of bodies) {
      const checked = await readBody({ headers, body }, 'messages-request', { maxBytes });
      const response = await handler({ method: 'POST', url: '/presets/p/messages', headers, body });
      const document = checkDocument(body, pipeline);
      expect(document.valid).toBe(checked.ok);
      if (checked.ok) {
        valid += 1;
        // The implementation got the value the body check gives, and the command line the same.
        expect(response.status).toBe(409);
        expect(received.pop()).toEqual(checked.value);
        expect(document.valid && document.value).toEqual(checked.value);
      } else {
        expect(response.status).toBe(checked.error.error.code);
        expect(JSON.parse(response.body)).toEqual(checked.error);
        expect(!document.valid && document.error).toEqual(checked.error);
      }
    }
    // The comparison means something only if both verdicts occur.
    expect(valid).toBeGreaterThan(10);
    expect(bodies.length - valid).toBeGreaterThan(10);
  });

  it('normalizes alike in the body check and in the command line', async () => {
    const text =
      '{"model":"m","messages":[{"role":"user","content":"Hi"}],"system":"Be brief.","temperature":0}';
    const checked = await readBody(
      { headers: { 'content-type': 'application/json' }, body: text },
      'messages-request',
      {
        normalize: true,
      },
    );
    const document = checkDocument(
      utf8(text),
      documentPipeline({ name: 'messages-request', maxBytes, profile: 'default' }, true),
    );
    const request = JSON.parse(text) as MessagesRequest;
    expect(checked).toEqual({ ok: true, value: { request, ...normalizePresetRequest(request) } });
    expect(document).toEqual({ valid: true, value: checked.ok && checked.value });
  });
});
