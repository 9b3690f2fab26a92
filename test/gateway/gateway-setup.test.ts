import { describe, expect, it } from 'vitest';
import { curlCommands, gatewayBanner } from '../../src/gateway/banner.js';
import { bundledCatalog } from '../../src/gateway/catalog.js';
import { gatewayKeys, KeySetupError, keyResolver, checkKeyLengths } from '../../src/gateway/keys.js';
import { requestLogLine } from '../../src/gateway/request-log.js';
import { validate } from '../../src/core/validators.js';

describe('gatewayKeys', () => {
  it('generates two different keys a client can send when the environment has none', () => {
    const keys = gatewayKeys({});
    expect(keys.management).toMatchObject({ kind: 'management', generated: true });
    expect(keys.standard).toMatchObject({ kind: 'standard', generated: true });
    expect(keys.management.value).not.toBe(keys.standard.value);
    for (const key of [keys.management, keys.standard]) expect(key.value).toMatch(/^[\x21-\x7e]{24,}$/);
    expect(gatewayKeys({}).management.value).not.toBe(keys.management.value);
  });

  it('takes the keys from GATEWAY_MANAGEMENT_KEY and GATEWAY_API_KEY', () => {
    const keys = gatewayKeys({ GATEWAY_MANAGEMENT_KEY: 'mine', GATEWAY_API_KEY: 'yours' });
    expect(keys.management).toMatchObject({ value: 'mine', generated: false });
    expect(keys.standard).toMatchObject({ value: 'yours', generated: false });
  });

  it('refuses a key no request could carry, and one key for both kinds', () => {
    expect(() => gatewayKeys({ GATEWAY_MANAGEMENT_KEY: 'has space' })).toThrow(KeySetupError);
    expect(() => gatewayKeys({ GATEWAY_API_KEY: 'caf\u00e9' })).toThrow(/GATEWAY_API_KEY/);
    expect(() => gatewayKeys({ GATEWAY_MANAGEMENT_KEY: 'same', GATEWAY_API_KEY: 'same' })).toThrow(/differ/);
  });

  it('resolves each key to its kind of principal, and anything else to null (contract: authentication)', () => {
    const resolve = keyResolver(gatewayKeys({ GATEWAY_MANAGEMENT_KEY: 'm-key', GATEWAY_API_KEY: 's-key' }));
    expect(resolve('m-key')).toMatchObject({ kind: 'management' });
    expect(resolve('s-key')).toMatchObject({ kind: 'standard' });
    expect(resolve('m-ke')).toBeNull();
    expect(resolve('')).toBeNull();
  });
});

describe('keys shorter than 16 characters from the environment', () => {
  const short = gatewayKeys({
    GATEWAY_MANAGEMENT_KEY: 'short-mgmt',
    GATEWAY_API_KEY: 'long-enough-standard',
  });

  it('are refused wherever the gateway listens, naming the variable but never the key', () => {
    expect(() => checkKeyLengths(short)).toThrow(KeySetupError);
    expect(() => checkKeyLengths(short)).toThrow(/^GATEWAY_MANAGEMENT_KEY must have at least 16 characters/);
    expect(() => checkKeyLengths(short)).not.toThrow(/short-mgmt|10/);
    const one = gatewayKeys({ GATEWAY_MANAGEMENT_KEY: 'a', GATEWAY_API_KEY: 'long-enough-standard' });
    expect(() => checkKeyLengths(one)).toThrow(/^GATEWAY_MANAGEMENT_KEY must have at least 16 characters/);
  });

  it('leave generated keys and keys of 16 characters alone', () => {
    expect(() => checkKeyLengths(gatewayKeys({}))).not.toThrow();
    const sixteen = gatewayKeys({ GATEWAY_MANAGEMENT_KEY: 'x'.repeat(16), GATEWAY_API_KEY: 'y'.repeat(16) });
    expect(() => checkKeyLengths(sixteen)).not.toThrow();
    const fifteen = gatewayKeys({ GATEWAY_MANAGEMENT_KEY: 'x'.repeat(16), GATEWAY_API_KEY: 'y'.repeat(15) });
    expect(() => checkKeyLengths(fifteen)).toThrow(/^GATEWAY_API_KEY must/);
  });
});

describe('the banner', () => {
  const baseUrl = 'http://127.0.0.1:8787/api/v1';

  it('lists the bundled model ids and destination ids, the generated keys and three commands', () => {
    const keys = gatewayKeys({});
    const banner = gatewayBanner({ baseUrl, keys, catalog: bundledCatalog, exampleBodyPath: 'body.json' });
    expect(banner.split('\n')[0]).toBe(`gateway-contract reference gateway listening on ${baseUrl}`);
    for (const model of bundledCatalog.models) expect(banner).toContain(model.id);
    for (const destination of bundledCatalog.destinations) expect(banner).toContain(destination.id);
    expect(banner).toContain(keys.management.value);
    expect(banner).toContain(keys.standard.value);
    const commands = banner.split('\n').filter((line) => line.startsWith('  curl '));
    expect(commands).toHaveLength(3);
    expect(commands[2]).toContain(`'Authorization: Bearer ${keys.management.value}'`);
    expect(commands[2]).toContain('--data-binary @body.json');
  });

  it('never prints a key that came from the environment: the commands let the shell expand it', () => {
    const keys = gatewayKeys({
      GATEWAY_MANAGEMENT_KEY: 'secret-management',
      GATEWAY_API_KEY: 'secret-standard',
    });
    const banner = gatewayBanner({ baseUrl, keys, catalog: bundledCatalog, exampleBodyPath: null });
    expect(banner).not.toContain('secret-');
    expect(banner).toContain('"Authorization: Bearer $GATEWAY_MANAGEMENT_KEY"');
  });

  it('sends a small valid request inline when the example file is not at hand', () => {
    const [, , create] = curlCommands({
      baseUrl,
      keys: gatewayKeys({}),
      catalog: bundledCatalog,
      exampleBodyPath: null,
    });
    const inline = /-d '([^']+)'/.exec(create ?? '')?.[1];
    expect(validate('messages-request', JSON.parse(inline ?? 'null')).ok).toBe(true);
  });
});

describe('requestLogLine', () => {
  it('holds the time, method, path, status and duration, and no query string', () => {
    const line = requestLogLine('POST', '/api/v1/presets/p/messages?key=secret', 200, 3.14159);
    expect(line).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z POST \/api\/v1\/presets\/p\/messages 200 3\.1 ms$/);
  });

  it('keeps a crafted request to one short printable line', () => {
    const line = requestLogLine('G\nET', `/a\u0007b\u00e9${'x'.repeat(500)}`, 404, 1);
    expect(line).not.toMatch(/[^\x20-\x7e]/);
    expect(line).toContain(' OTHER /a%07b%C3%A9xx');
    expect(line.length).toBeLessThan(300);
  });
});
