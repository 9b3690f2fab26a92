/**
 * Renders the OpenAPI document with swagger-ui, which `swagger-ui-bundle.js` (loaded before this script) puts on
 * `window`. The page's Content Security Policy forbids inline scripts, so this setup is a file of its own.
 */

interface SwaggerUiConfig {
  url: string;
  dom_id: string;
  validatorUrl: null;
  supportedSubmitMethods: string[];
  displayOperationId: boolean;
  deepLinking: boolean;
  docExpansion: 'list' | 'full' | 'none';
  defaultModelsExpandDepth: number;
  layout: string;
  presets: unknown[];
}

type SwaggerUiBundle = ((config: SwaggerUiConfig) => unknown) & { presets: { apis: unknown } };

const swaggerUi = (window as unknown as { SwaggerUIBundle?: SwaggerUiBundle }).SwaggerUIBundle;
if (swaggerUi === undefined) throw new Error('swagger-ui-bundle.js did not load');

swaggerUi({
  url: 'openapi.json',
  dom_id: '#swagger-ui',
  // Nothing leaves for swagger.io's validator badge.
  validatorUrl: null,
  // A reference, not a client: bodies are tried in the playground above, where no key is ever typed.
  supportedSubmitMethods: [],
  displayOperationId: true,
  deepLinking: false,
  docExpansion: 'list',
  defaultModelsExpandDepth: 0,
  layout: 'BaseLayout',
  presets: [swaggerUi.presets.apis],
});
