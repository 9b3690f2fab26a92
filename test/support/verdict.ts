import {
  validate,
  validateParams,
  validatePresetConfig,
  rootNames,
  type RootName,
  type ValidationResult,
} from '../../src/index.js';
import { errorBody, issuesFromAjv } from '../../src/core/errors.js';
import { operationIds, type OperationId } from '../../src/core/operations.js';

/** Runs the validator a case file's `schema` names: a root, `preset-config`, or `params/<operationId>`. */
export function verdictFor(schema: string, data: unknown): ValidationResult<unknown> {
  if ((rootNames as readonly string[]).includes(schema)) return validate(schema as RootName, data);
  if (schema === 'preset-config') {
    if (validatePresetConfig(data)) return { ok: true, value: data };
    return { ok: false, error: errorBody(400, issuesFromAjv(validatePresetConfig.errors)) };
  }
  const operationId = schema.replace(/^params\//, '');
  if (schema.startsWith('params/') && operationIds.includes(operationId as OperationId)) {
    return validateParams(operationId as OperationId, data);
  }
  throw new Error(`case file names an unknown schema: ${schema}`);
}
