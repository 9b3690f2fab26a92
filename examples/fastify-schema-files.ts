import { createRequire } from 'node:module';
import Fastify from 'fastify';
import { schemaFileCompiler, schemaFileErrors } from 'gateway-contract/fastify';

const messagesRequest = createRequire(import.meta.url)(
  'gateway-contract/schemas/messages-request.json',
) as object;

export function buildSchemaApp() {
  const app = Fastify();
  // A schema file of the package is judged by its precompiled validator, and refused with its error body.
  app.setValidatorCompiler(schemaFileCompiler());
  app.setErrorHandler(schemaFileErrors);
  app.post('/v1/messages', { schema: { body: messagesRequest } }, async (request) => ({
    model: (request.body as { model: string }).model,
  }));
  return app;
}
