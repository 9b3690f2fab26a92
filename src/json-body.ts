import { errorBody } from './errors.js';
import type { ValidationResult } from './validators.js';

const decoder = new TextDecoder('utf-8', { fatal: true });

function rejected(message: string): ValidationResult<Record<string, unknown>> {
  return { ok: false, error: errorBody(400, [{ path: '', message }]) };
}

/**
 * D11: turns raw body bytes into a JSON object, or a D8 body for an empty body, bytes that are not UTF-8, text
 * that is not JSON, or a root that is not an object. It never throws on input.
 */
export function parseJsonBody(body: string | Uint8Array): ValidationResult<Record<string, unknown>> {
  let text: string;
  try {
    text = typeof body === 'string' ? body : decoder.decode(body);
  } catch {
    return rejected('must be UTF-8 text');
  }
  if (text.trim() === '') return rejected('must not be empty');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return rejected('must be valid JSON');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return rejected('must be a JSON object');
  return { ok: true, value: value as Record<string, unknown> };
}
