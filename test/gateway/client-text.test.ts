import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedName, loggedText, unredacted } from '../../src/gateway/client-text.js';
import { gatewayKeys } from '../../src/gateway/keys.js';
import { secretsToRedact } from '../../src/gateway/redact.js';
import { droppedFieldsLogEntry, requestLogEntry } from '../../src/gateway/request-log.js';
import { startGateway, type RunningGateway } from '../../src/gateway/server.js';
import { exampleRequest } from '../http/example-request.js';
import { capturedLog } from './captured-log.js';

/*
 * Text a client chose, on the gateway's log lines (contract: log-format): the path and the slug decoded and
 * redacted before they are cut, the names of dropped fields bounded and masked as a secret value is.
 */

const MANAGEMENT = 'client-text-management-key-0123456';
const STANDARD = 'client-text-standard-key-789';
const keys = gatewayKeys({ GATEWAY_MANAGEMENT_KEY: MANAGEMENT, GATEWAY_API_KEY: STANDARD });
const asManagement = { authorization: `Bearer ${MANAGEMENT}`, 'content-type': 'application/json' };

/** The 8-character stretches of `secret`: a line holding any of them shows more of it than a mask may. */
function windows(secret: string): string[] {
  return Array.from({ length: secret.length - 7 }, (_, at) => secret.slice(at, at + 8));
}

/** Whether `line` shows 8 characters in a row of `secret`. */
const shows = (line: string, secret: string) => windows(secret).some((part) => line.includes(part));

/** Every character of `text` percent-encoded, as a client may send a path. */
const encoded = (text: string) =>
  Array.from(text, (character) => `%${character.charCodeAt(0).toString(16).padStart(2, '0')}`).join('');

describe('a client-chosen path on a log line', () => {
  const secrets = secretsToRedact();
  secrets.add(MANAGEMENT);
  const redact = (text: string) => secrets.redact(text);

  it('is redacted before it is cut: a key across the 200th character is hidden whole', () => {
    for (let at = 170; at <= 200; at += 2) {
      const target = `/api/v1/presets/${'p'.repeat(at - 16)}${MANAGEMENT}/versions/1`;
      for (const format of ['text', 'json'] as const) {
        const log = capturedLog(format, redact);
        log.log(
          requestLogEntry({ method: 'GET', target, status: 404, milliseconds: 1, id: 'r', trace: undefined }),
        );
        const [line = ''] = log.lines();
        expect(shows(line, MANAGEMENT), `${format} at ${at}: ${line}`).toBe(false);
        expect(line.length).toBeLessThan(420);
      }
    }
  });

  it('is read decoded: a key written with percent-escapes, once or twice, is redacted', () => {
    for (const path of [
      `/api/v1/presets/${encoded(MANAGEMENT.slice(0, 1))}${MANAGEMENT.slice(1)}`,
      `/api/v1/presets/${encoded(MANAGEMENT)}`,
      `/api/v1/presets/${encoded(MANAGEMENT).replace(/%/g, '%25')}`,
    ]) {
      const log = capturedLog('json', redact);
      log.log(
        requestLogEntry({
          method: 'GET',
          target: path,
          status: 404,
          milliseconds: 1,
          id: 'r',
          trace: undefined,
        }),
      );
      const [line = ''] = log.lines();
      expect(shows(line, MANAGEMENT), line).toBe(false);
      expect(line).toContain('[redacted]');
    }
  });

  it('masks a credential of a known family in the path as a destination string is masked', () => {
    const token = `ghp_${'aB3'.repeat(12)}`;
    const shown = loggedText(`/api/v1/presets/${token}/versions/1`, 200, unredacted);
    expect(shows(shown, token), shown).toBe(false);
    expect(shown).toBe('/api/v1/presets/ghp_...aB3a/versions/1'.replace('aB3a', token.slice(-4)));
  });

  it('keeps an ordinary path as it is, and escapes what is not printable ASCII', () => {
    expect(loggedText('/api/v1/presets/my-preset/versions/2', 200, unredacted)).toBe(
      '/api/v1/presets/my-preset/versions/2',
    );
    expect(loggedText('/a%20b/\u00e9\n', 200, unredacted)).toBe('/a%20b/%C3%A9%0A');
    expect(loggedText('/x\ud800', 200, unredacted)).toBe('/x%EF%BF%BD');
  });
});

describe('a client-chosen name on a log line', () => {
  it('is masked as a secret value when it reads as a token, and bounded whatever its length', () => {
    const stripeLike = 'sk-live-51HxYzAbCdEfGhIjKlMnOpQrStUvWx';
    for (const name of [stripeLike, `ghp_${'Zz9'.repeat(12)}`, `AKIAIOSFODNN7EXAMPLE`, 'n'.repeat(5000)]) {
      const shown = loggedName(name, unredacted);
      expect(shows(shown, name), shown).toBe(false);
      expect(shown.length).toBeLessThanOrEqual(15);
    }
    expect(loggedName(stripeLike, unredacted)).toBe('sk-l...UvWx');
  });

  it('keeps an ordinary name, a typo included, as it is', () => {
    for (const name of ['tempreature', 'x-new-field', 'top_p_2', 'metadata.user-id', 'reasoningEffortLevel'])
      expect(loggedName(name, unredacted)).toBe(name);
  });

  it('redacts a known key a name holds, decoded', () => {
    const secrets = secretsToRedact();
    secrets.add(STANDARD);
    const log = capturedLog('text', (text) => secrets.redact(text));
    log.log(droppedFieldsLogEntry('p', [`x-${encoded(STANDARD)}`, 'tempreature']));
    const [line = ''] = log.lines();
    expect(shows(line, STANDARD), line).toBe(false);
    expect(line).toContain('x-[redacted], tempreature');
  });
});

describe('a dropped field named like a key, through the gateway', () => {
  const secrets = secretsToRedact();
  const log = capturedLog('json', (text) => secrets.redact(text));
  const stripeLike = 'sk-live-51HxYzAbCdEfGhIjKlMnOpQrStUvWx';
  let gateway: RunningGateway;

  beforeAll(async () => {
    secrets.add(MANAGEMENT, STANDARD);
    gateway = await startGateway({ keys, port: 0, log: log.log });
    const body = { ...JSON.parse(exampleRequest), [stripeLike]: 1, ['y'.repeat(3000)]: 2, tempreature: 0.2 };
    const response = await fetch(`${gateway.baseUrl}/presets/client-text/messages`, {
      method: 'POST',
      headers: asManagement,
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(200);
    await gateway.close();
  });
  afterAll(() => gateway?.close());

  it('is logged at warn masked and bounded, beside the names it keeps', () => {
    const warn = log
      .lines()
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .find((line) => line.level === 40);
    expect(warn?.msg).toContain('tempreature');
    expect(warn?.msg).toContain('sk-l...UvWx');
    expect(shows(warn?.msg ?? '', stripeLike)).toBe(false);
    expect(warn?.msg.length).toBeLessThan(200);
  });
});
