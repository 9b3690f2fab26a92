/**
 * Every plugin item carries `enabled`, so the leaf lives apart from the plugin union and
 * the files of its branches can import it without an import cycle.
 */
export const pluginEnabled = {
  type: 'boolean',
  default: true,
  description: 'Set to false to disable this plugin for the request. Defaults to true.',
} as const;
