import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import type { compactionBlock } from '../../schemas/compaction-block.js';
import type {
  clearThinkingEdit,
  clearToolUsesEdit,
  compactEdit,
  contextEdit,
  contextManagement,
} from '../../schemas/context-management.js';
import type {
  base64PdfSource,
  contentDocumentSource,
  documentBlock,
  documentSource,
  fileDocumentSource,
  plainTextSource,
  urlPdfSource,
} from '../../schemas/document-block.js';
import type { errorMetadata, errorResponse, issue } from '../../schemas/error-response.js';
import type { fusionPlugin, fusionTool } from '../../schemas/fusion-plugin.js';
import type {
  base64ImageSource,
  imageBlock,
  imageMediaType,
  imageSource,
  urlImageSource,
} from '../../schemas/image-block.js';
import type { maskedSecret } from '../../schemas/masked-secret.js';
import type { contentBlock, message } from '../../schemas/message.js';
import type { messagesRequest } from '../../schemas/messages-request.js';
import type {
  modelArchitecture,
  modelEndpoint,
  modelEndpointsResponse,
  modelWithEndpoints,
  percentileStats,
} from '../../schemas/model-endpoints.js';
import type { destinationHeaders } from '../../schemas/observability-destination-configs.js';
import type {
  observabilityDestination,
  observabilityDestinationResponse,
} from '../../schemas/observability-destination.js';
import type { filterRule, filterRuleGroup, filterRules } from '../../schemas/observability-filter-rules.js';
import type { effort, outputConfig, outputFormat, taskBudget } from '../../schemas/output-config.js';
import type { paramsSchemas } from '../../schemas/params.js';
import type {
  contextCompressionPlugin,
  fileParserPlugin,
  moderationPlugin,
  pdfParserOptions,
  plugin,
  responseHealingPlugin,
} from '../../schemas/plugin.js';
import type { presetConfig, presetDraft } from '../../schemas/preset-config.js';
import type {
  preset,
  presetResponse,
  presetStatus,
  presetVersion,
  presetVersionResponse,
} from '../../schemas/preset.js';
import type {
  percentileLatencyCutoffs,
  providerPreferences,
  providerSortConfig,
} from '../../schemas/provider-preferences.js';
import type { provider, providersResponse } from '../../schemas/provider.js';
import type { route } from '../../schemas/route.js';
import type {
  autoBetaRouterPlugin,
  autoRouterPlugin,
  paretoRouterPlugin,
} from '../../schemas/router-plugin.js';
import type { searchResultBlock } from '../../schemas/search-result.js';
import type {
  bashServerToolConfig,
  containerEnvironment,
  datetimeServerToolConfig,
  imageGenerationServerToolConfig,
  searchModelsServerToolConfig,
  shellServerToolConfig,
  toolSearchServerToolConfig,
  webFetchServerToolConfig,
  webSearchServerToolConfig,
} from '../../schemas/server-tool-config.js';
import type {
  advisorToolResultBlock,
  bashToolResultBlock,
  serverToolUseBlock,
  shellToolResultBlock,
  webSearchErrorCode,
  webSearchResult,
  webSearchToolResultBlock,
  webSearchToolResultError,
} from '../../schemas/server-tool-use-block.js';
import type {
  bashServerTool,
  datetimeServerTool,
  imageGenerationServerTool,
  searchModelsServerTool,
  serverTools,
  shellServerTool,
  toolSearchServerTool,
  webFetchServerTool,
  webSearchServerTool,
} from '../../schemas/server-tool.js';
import type {
  finishReasonIs,
  hasToolCall,
  maxCost,
  maxTokensUsed,
  stepCountIs,
  stopServerToolsWhen,
  stopServerToolsWhenCondition,
} from '../../schemas/stop-server-tools-when.js';
import type {
  charLocationCitation,
  citation,
  contentBlockLocationCitation,
  pageLocationCitation,
  searchResultLocationCitation,
  textBlock,
  webSearchResultLocationCitation,
} from '../../schemas/text-block.js';
import type { redactedThinkingBlock, thinkingBlock } from '../../schemas/thinking-block.js';
import type {
  adaptiveThinking,
  disabledThinking,
  enabledThinking,
  thinking,
  thinkingDisplay,
} from '../../schemas/thinking.js';
import type { changedTool, toolAdditionBlock, toolRemovalBlock } from '../../schemas/tool-change-block.js';
import type {
  anyToolChoice,
  autoToolChoice,
  namedToolChoice,
  noneToolChoice,
  toolChoice,
} from '../../schemas/tool-choice.js';
import type {
  toolReferenceBlock,
  toolResultBlock,
  toolResultContentBlock,
  toolUseBlock,
} from '../../schemas/tool-use-block.js';
import type { KNOWN_TOOL_TYPES, customTool, genericTool, knownTools } from '../../schemas/tool.js';
import type { trace } from '../../schemas/trace.js';
import type { webSearchUserLocation } from '../../schemas/user-location.js';
import type {
  advisorTool,
  allowedCallers,
  bashTool,
  textEditorTool,
  toolSearchToolBm25,
  toolSearchToolRegex,
  webSearchTool20250305,
  webSearchTool20260209,
} from '../../schemas/versioned-tool.js';
import type { webFetchPlugin, webSearchPlugin } from '../../schemas/web-plugin.js';

/*
 * The types json-schema-to-ts derives from the schemas: the one source of the named types. Build-only: tsc
 * checks these, build/types/emit-types.ts prints each as plain declarations into schemas/types.ts (what
 * ships), and test/build/types.test-d.ts holds the two equal.
 */

/**
 * The TypeScript type of a schema. Defaulted properties stay optional: the validators never inject defaults
 *, so a value on the wire may lack them.
 */
export type Infer<S extends JSONSchema> = FromSchema<S, { keepDefaultedPropertiesOptional: true }>;

// schemas/compaction-block.ts
export type CompactionBlock = Infer<typeof compactionBlock>;

// schemas/context-management.ts
export type ClearToolUsesEdit = Infer<typeof clearToolUsesEdit>;
export type ClearThinkingEdit = Infer<typeof clearThinkingEdit>;
export type CompactEdit = Infer<typeof compactEdit>;
export type ContextEdit = Infer<typeof contextEdit>;
export type ContextManagement = Infer<typeof contextManagement>;

// schemas/document-block.ts
export type Base64PdfSource = Infer<typeof base64PdfSource>;
export type PlainTextSource = Infer<typeof plainTextSource>;
export type UrlPdfSource = Infer<typeof urlPdfSource>;
export type FileDocumentSource = Infer<typeof fileDocumentSource>;
export type ContentDocumentSource = Infer<typeof contentDocumentSource>;
export type DocumentSource = Infer<typeof documentSource>;
export type DocumentBlock = Infer<typeof documentBlock>;

// schemas/error-response.ts
export type Issue = Infer<typeof issue>;
export type ErrorMetadata = Infer<typeof errorMetadata>;
export type ErrorResponse = Infer<typeof errorResponse>;

// schemas/fusion-plugin.ts
export type FusionTool = Infer<typeof fusionTool>;
export type FusionPlugin = Infer<typeof fusionPlugin>;

// schemas/image-block.ts
export type ImageMediaType = Infer<typeof imageMediaType>;
export type Base64ImageSource = Infer<typeof base64ImageSource>;
export type UrlImageSource = Infer<typeof urlImageSource>;
export type ImageSource = Infer<typeof imageSource>;
export type ImageBlock = Infer<typeof imageBlock>;

// schemas/masked-secret.ts
export type MaskedSecret = Infer<typeof maskedSecret>;

// schemas/message.ts
export type ContentBlock = Infer<typeof contentBlock>;
export type Message = Infer<typeof message>;
/** Who speaks a message: `user`, `assistant` or `system`. */
export type MessageRole = Message['role'];

// schemas/messages-request.ts
export type MessagesRequest = Infer<typeof messagesRequest>;

// schemas/model-endpoints.ts
export type PercentileStats = Infer<typeof percentileStats>;
export type ModelEndpoint = Infer<typeof modelEndpoint>;
export type ModelArchitecture = Infer<typeof modelArchitecture>;
export type ModelWithEndpoints = Infer<typeof modelWithEndpoints>;
export type ModelEndpointsResponse = Infer<typeof modelEndpointsResponse>;

// schemas/observability-destination-configs.ts
export type DestinationHeaders = Infer<typeof destinationHeaders>;

// schemas/observability-destination.ts
export type ObservabilityDestination = Infer<typeof observabilityDestination>;
/** The `type` of an observability destination: one value per variant. */
export type ObservabilityDestinationType = ObservabilityDestination['type'];
export type ObservabilityDestinationResponse = Infer<typeof observabilityDestinationResponse>;
type Variant<T extends ObservabilityDestinationType> = Extract<ObservabilityDestination, { type: T }>;
export type ArizeDestination = Variant<'arize'>;
export type BraintrustDestination = Variant<'braintrust'>;
export type ClickhouseDestination = Variant<'clickhouse'>;
export type DatadogDestination = Variant<'datadog'>;
export type GrafanaDestination = Variant<'grafana'>;
export type LangfuseDestination = Variant<'langfuse'>;
export type LangsmithDestination = Variant<'langsmith'>;
export type NewrelicDestination = Variant<'newrelic'>;
export type OpikDestination = Variant<'opik'>;
export type OtelCollectorDestination = Variant<'otel-collector'>;
export type PosthogDestination = Variant<'posthog'>;
export type RampDestination = Variant<'ramp'>;
export type S3Destination = Variant<'s3'>;
export type SentryDestination = Variant<'sentry'>;
export type SnowflakeDestination = Variant<'snowflake'>;
export type WeaveDestination = Variant<'weave'>;
export type WebhookDestination = Variant<'webhook'>;

// schemas/observability-filter-rules.ts
export type FilterRule = Infer<typeof filterRule>;
export type FilterRuleGroup = Infer<typeof filterRuleGroup>;
export type FilterRules = Infer<typeof filterRules>;

// schemas/output-config.ts
export type Effort = Infer<typeof effort>;
export type OutputFormat = Infer<typeof outputFormat>;
export type TaskBudget = Infer<typeof taskBudget>;
export type OutputConfig = Infer<typeof outputConfig>;

// schemas/params.ts
export type CreatePresetParams = Infer<(typeof paramsSchemas)['createPresetsMessages']>;
export type GetPresetVersionParams = Infer<(typeof paramsSchemas)['getPresetVersion']>;
export type ListEndpointsParams = Infer<(typeof paramsSchemas)['listEndpoints']>;
export type GetObservabilityDestinationParams = Infer<(typeof paramsSchemas)['getObservabilityDestination']>;

// schemas/plugin.ts
export type ContextCompressionPlugin = Infer<typeof contextCompressionPlugin>;
export type PdfParserOptions = Infer<typeof pdfParserOptions>;
export type FileParserPlugin = Infer<typeof fileParserPlugin>;
export type ModerationPlugin = Infer<typeof moderationPlugin>;
export type ResponseHealingPlugin = Infer<typeof responseHealingPlugin>;
export type Plugin = Infer<typeof plugin>;
/** The `id` of a plugin: one value per plugin. */
export type PluginId = Plugin['id'];

// schemas/preset-config.ts
export type PresetConfig = Infer<typeof presetConfig>;
export type PresetDraft = Infer<typeof presetDraft>;

// schemas/preset.ts
export type PresetStatus = Infer<typeof presetStatus>;
export type PresetVersion = Infer<typeof presetVersion>;
export type Preset = Infer<typeof preset>;
export type PresetResponse = Infer<typeof presetResponse>;
export type PresetVersionResponse = Infer<typeof presetVersionResponse>;

// schemas/provider-preferences.ts
export type ProviderSortConfig = Infer<typeof providerSortConfig>;
export type PercentileCutoffs = Infer<typeof percentileLatencyCutoffs>;
export type ProviderPreferences = Infer<typeof providerPreferences>;

// schemas/provider.ts
export type Provider = Infer<typeof provider>;
export type ProvidersResponse = Infer<typeof providersResponse>;

// schemas/route.ts
export type Route = Infer<typeof route>;

// schemas/router-plugin.ts
export type AutoRouterPlugin = Infer<typeof autoRouterPlugin>;
export type AutoBetaRouterPlugin = Infer<typeof autoBetaRouterPlugin>;
export type ParetoRouterPlugin = Infer<typeof paretoRouterPlugin>;

// schemas/search-result.ts
export type SearchResultBlock = Infer<typeof searchResultBlock>;

// schemas/server-tool-config.ts
export type ContainerEnvironment = Infer<typeof containerEnvironment>;
export type BashServerToolConfig = Infer<typeof bashServerToolConfig>;
export type ShellServerToolConfig = Infer<typeof shellServerToolConfig>;
export type DatetimeServerToolConfig = Infer<typeof datetimeServerToolConfig>;
export type ImageGenerationServerToolConfig = Infer<typeof imageGenerationServerToolConfig>;
export type SearchModelsServerToolConfig = Infer<typeof searchModelsServerToolConfig>;
export type ToolSearchServerToolConfig = Infer<typeof toolSearchServerToolConfig>;
export type WebFetchServerToolConfig = Infer<typeof webFetchServerToolConfig>;
export type WebSearchServerToolConfig = Infer<typeof webSearchServerToolConfig>;

// schemas/server-tool-use-block.ts
export type ServerToolUseBlock = Infer<typeof serverToolUseBlock>;
export type AdvisorToolResultBlock = Infer<typeof advisorToolResultBlock>;
export type ShellToolResultBlock = Infer<typeof shellToolResultBlock>;
export type BashToolResultBlock = Infer<typeof bashToolResultBlock>;
export type WebSearchResult = Infer<typeof webSearchResult>;
export type WebSearchErrorCode = Infer<typeof webSearchErrorCode>;
export type WebSearchToolResultError = Infer<typeof webSearchToolResultError>;
export type WebSearchToolResultBlock = Infer<typeof webSearchToolResultBlock>;

// schemas/server-tool.ts
export type BashServerTool = Infer<typeof bashServerTool>;
export type DatetimeServerTool = Infer<typeof datetimeServerTool>;
export type ImageGenerationServerTool = Infer<typeof imageGenerationServerTool>;
export type SearchModelsServerTool = Infer<typeof searchModelsServerTool>;
export type WebFetchServerTool = Infer<typeof webFetchServerTool>;
export type WebSearchServerTool = Infer<typeof webSearchServerTool>;
export type ShellServerTool = Infer<typeof shellServerTool>;
export type ToolSearchServerTool = Infer<typeof toolSearchServerTool>;
/** A server tool the service itself runs, `{ type: 'service:<name>', parameters? }`. */
export type ServerTool = Infer<{ anyOf: typeof serverTools }>;

// schemas/stop-server-tools-when.ts
export type StepCountIs = Infer<typeof stepCountIs>;
export type HasToolCall = Infer<typeof hasToolCall>;
export type MaxTokensUsed = Infer<typeof maxTokensUsed>;
export type MaxCost = Infer<typeof maxCost>;
export type FinishReasonIs = Infer<typeof finishReasonIs>;
export type StopServerToolsWhenCondition = Infer<typeof stopServerToolsWhenCondition>;
export type StopServerToolsWhen = Infer<typeof stopServerToolsWhen>;

// schemas/text-block.ts
export type TextBlock = Infer<typeof textBlock>;
export type Citation = Infer<typeof citation>;
export type CharLocationCitation = Infer<typeof charLocationCitation>;
export type PageLocationCitation = Infer<typeof pageLocationCitation>;
export type ContentBlockLocationCitation = Infer<typeof contentBlockLocationCitation>;
export type WebSearchResultLocationCitation = Infer<typeof webSearchResultLocationCitation>;
export type SearchResultLocationCitation = Infer<typeof searchResultLocationCitation>;

// schemas/thinking-block.ts
export type ThinkingBlock = Infer<typeof thinkingBlock>;
export type RedactedThinkingBlock = Infer<typeof redactedThinkingBlock>;

// schemas/thinking.ts
export type ThinkingDisplay = Infer<typeof thinkingDisplay>;
export type EnabledThinking = Infer<typeof enabledThinking>;
export type DisabledThinking = Infer<typeof disabledThinking>;
export type AdaptiveThinking = Infer<typeof adaptiveThinking>;
export type Thinking = Infer<typeof thinking>;

// schemas/tool-change-block.ts
export type ChangedTool = Infer<typeof changedTool>;
export type ToolAdditionBlock = Infer<typeof toolAdditionBlock>;
export type ToolRemovalBlock = Infer<typeof toolRemovalBlock>;

// schemas/tool-choice.ts
export type AutoToolChoice = Infer<typeof autoToolChoice>;
export type AnyToolChoice = Infer<typeof anyToolChoice>;
export type NoneToolChoice = Infer<typeof noneToolChoice>;
export type NamedToolChoice = Infer<typeof namedToolChoice>;
export type ToolChoice = Infer<typeof toolChoice>;

// schemas/tool-use-block.ts
export type ToolUseBlock = Infer<typeof toolUseBlock>;
export type ToolReferenceBlock = Infer<typeof toolReferenceBlock>;
export type ToolResultContentBlock = Infer<typeof toolResultContentBlock>;
export type ToolResultBlock = Infer<typeof toolResultBlock>;

// schemas/tool.ts
export type CustomTool = Infer<typeof customTool>;
export type GenericTool = Infer<typeof genericTool>;
/** A tool of a kind this contract knows: its `type` selects its shape. */
export type KnownTool = Infer<{ anyOf: typeof knownTools }>;
/**
 * A tool the model may use: a custom tool (`type` omitted or `custom`), a known tool kind, or a tool kind passed
 * through as sent. The schema picks the arm with if/then/else, which json-schema-to-ts does not read: the type
 * is the union of the arms.
 */
export type Tool = KnownTool | GenericTool;
/** The `type` of a known tool kind. */
export type KnownToolType = (typeof KNOWN_TOOL_TYPES)[number];

// schemas/trace.ts
export type Trace = Infer<typeof trace>;

// schemas/user-location.ts
export type WebSearchUserLocation = Infer<typeof webSearchUserLocation>;

// schemas/versioned-tool.ts
export type AllowedCallers = Infer<typeof allowedCallers>;
export type BashTool = Infer<typeof bashTool>;
export type TextEditorTool = Infer<typeof textEditorTool>;
export type WebSearchTool20250305 = Infer<typeof webSearchTool20250305>;
export type WebSearchTool20260209 = Infer<typeof webSearchTool20260209>;
export type AdvisorTool = Infer<typeof advisorTool>;
export type ToolSearchToolBm25 = Infer<typeof toolSearchToolBm25>;
export type ToolSearchToolRegex = Infer<typeof toolSearchToolRegex>;

// schemas/web-plugin.ts
export type WebSearchPlugin = Infer<typeof webSearchPlugin>;
export type WebFetchPlugin = Infer<typeof webFetchPlugin>;
