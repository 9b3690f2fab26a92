import { maskedSecret, withSecretsMasked } from './masked-secret.js';
import { httpUrl } from './shared.js';

/*
 * The interface leaves the config of each destination type to the public API (contract: authority): these
 * are its shapes, under its names. Every secret field and header value (contract: secret-masking) is a
 * `maskedSecret`, so a response carrying a full key is invalid. Defaults the public API documents are not applied here: a response
 * carries what the server stored.
 */

const text = { type: 'string', minLength: 1 } as const;
/** Every URL of a destination config is an absolute http or https URL (contract: formats). */
const url = httpUrl;

/**
 * Custom HTTP headers sent with every delivery, as a name-to-value map. Headers carry credentials
 * (`Authorization`, `x-api-key`, `x-honeycomb-team`), so every value is masked like a secret field (contract:
 * secret-masking).
 */
export const destinationHeaders = {
  type: 'object',
  description: 'Custom HTTP headers to include in requests to this destination; every value masked.',
  additionalProperties: maskedSecret,
} as const;

export const arizeConfig = withSecretsMasked({
  type: 'object',
  required: ['apiKey', 'spaceKey', 'modelId'],
  properties: {
    apiKey: maskedSecret,
    spaceKey: maskedSecret,
    modelId: { ...text, description: 'Name of the tracing project in Arize AX.' },
    baseUrl: url,
    headers: destinationHeaders,
  },
});

export const braintrustConfig = withSecretsMasked({
  type: 'object',
  required: ['apiKey', 'projectId'],
  properties: { apiKey: maskedSecret, projectId: text, baseUrl: url, headers: destinationHeaders },
});

export const clickhouseConfig = withSecretsMasked({
  type: 'object',
  required: ['host', 'database', 'username', 'password'],
  properties: {
    host: text,
    database: text,
    username: text,
    password: maskedSecret,
    table: { type: 'string' },
    headers: destinationHeaders,
  },
});

export const datadogConfig = withSecretsMasked({
  type: 'object',
  required: ['apiKey', 'mlApp'],
  properties: {
    apiKey: maskedSecret,
    mlApp: { ...text, description: 'Name of the application in Datadog LLM Observability.' },
    // The Datadog API URL of the region. A pattern's description is its issue sentence, so fields that share the
    // URL pattern keep its description.
    url,
    headers: destinationHeaders,
  },
});

export const grafanaConfig = withSecretsMasked({
  type: 'object',
  required: ['apiKey', 'instanceId'],
  properties: { apiKey: maskedSecret, instanceId: text, baseUrl: url, headers: destinationHeaders },
});

export const langfuseConfig = withSecretsMasked({
  type: 'object',
  required: ['secretKey', 'publicKey'],
  properties: { secretKey: maskedSecret, publicKey: maskedSecret, baseUrl: url, headers: destinationHeaders },
});

export const langsmithConfig = withSecretsMasked({
  type: 'object',
  required: ['apiKey'],
  properties: {
    apiKey: maskedSecret,
    project: text,
    workspaceId: { type: 'string', description: 'Workspace, for org-scoped API keys.' },
    endpoint: url,
    headers: destinationHeaders,
  },
});

export const newrelicConfig = withSecretsMasked({
  type: 'object',
  required: ['licenseKey'],
  properties: { licenseKey: maskedSecret, region: { enum: ['us', 'eu'] }, headers: destinationHeaders },
});

export const opikConfig = withSecretsMasked({
  type: 'object',
  required: ['apiKey', 'workspace', 'projectName'],
  properties: { apiKey: maskedSecret, workspace: text, projectName: text, headers: destinationHeaders },
});

/** Any OTLP/HTTP collector; credentials travel in `headers`. */
export const otelCollectorConfig = withSecretsMasked({
  type: 'object',
  required: ['endpoint'],
  properties: { endpoint: url, headers: destinationHeaders },
});

export const posthogConfig = withSecretsMasked({
  type: 'object',
  required: ['apiKey'],
  properties: { apiKey: maskedSecret, endpoint: url, headers: destinationHeaders },
});

export const rampConfig = withSecretsMasked({
  type: 'object',
  required: ['apiKey'],
  properties: { apiKey: maskedSecret, baseUrl: url, headers: destinationHeaders },
});

export const s3Config = withSecretsMasked({
  type: 'object',
  required: ['bucketName', 'accessKeyId', 'secretAccessKey'],
  properties: {
    bucketName: text,
    accessKeyId: maskedSecret,
    secretAccessKey: maskedSecret,
    sessionToken: maskedSecret,
    region: { type: 'string' },
    // The endpoint of an S3-compatible service; absent for AWS S3.
    endpoint: url,
    prefix: { type: 'string' },
    pathTemplate: { type: 'string', description: 'Object path template; the file name is appended.' },
    headers: destinationHeaders,
  },
});

/**
 * The DSN is a URL naming the project, not a secret, but a legacy DSN's `:<secret>` is its userinfo's password,
 * masked like every URL's (contract: secret-masking; the library's validator reads that part of the string).
 * Its shape is the public API's pattern (contract: formats), with groups that capture nothing.
 */
export const sentryDsn = {
  type: 'string',
  pattern: '^https:\\/\\/[^:@]+(?::[^@]*)?@[^/]+(?:\\/[^/]+)*\\/\\d+\\/?$',
  description:
    'a Sentry DSN, `https://<key>@<host>[/<path>]/<numeric project id>` (an optional `:<secret>` after the key, an optional final `/`)',
} as const;

export const sentryConfig = withSecretsMasked({
  type: 'object',
  required: ['otlpEndpoint', 'dsn'],
  properties: { dsn: sentryDsn, otlpEndpoint: url, headers: destinationHeaders },
});

export const snowflakeConfig = withSecretsMasked({
  type: 'object',
  required: ['account', 'token'],
  properties: {
    account: {
      type: 'string',
      minLength: 1,
      maxLength: 255,
      pattern: '^[A-Za-z0-9_]+(?:[.-][A-Za-z0-9_]+)*$',
      description: 'a Snowflake account identifier (letters, digits and `_`, in parts joined by `.` or `-`)',
    },
    token: maskedSecret,
    database: { type: 'string' },
    schema: { type: 'string' },
    table: { type: 'string' },
    warehouse: { type: 'string' },
    headers: destinationHeaders,
  },
});

export const weaveConfig = withSecretsMasked({
  type: 'object',
  required: ['apiKey', 'entity', 'project'],
  properties: {
    apiKey: maskedSecret,
    entity: text,
    project: text,
    baseUrl: url,
    headers: destinationHeaders,
  },
});

export const webhookConfig = withSecretsMasked({
  type: 'object',
  required: ['url'],
  properties: { url, method: { enum: ['POST', 'PUT'] }, headers: destinationHeaders },
});
