import { describe, expectTypeOf, it } from 'vitest';
import type * as Derived from '../../build/types/from-schemas.js';
import type * as Emitted from '../../src/generated/types.js';

/*
 * Each plain type of src/generated/types.ts (what ships) is the type json-schema-to-ts derives from its schema
 * (build/types/from-schemas.ts): `toEqualTypeOf` holds both ways, optional, readonly and index signatures
 * included. test/build/types.test.ts checks that this list names every type of both files.
 */

describe('the emitted types equal the types json-schema-to-ts derives', () => {
  it('CompactionBlock', () => {
    expectTypeOf<Emitted.CompactionBlock>().toEqualTypeOf<Derived.CompactionBlock>();
  });
  it('ClearToolUsesEdit', () => {
    expectTypeOf<Emitted.ClearToolUsesEdit>().toEqualTypeOf<Derived.ClearToolUsesEdit>();
  });
  it('ClearThinkingEdit', () => {
    expectTypeOf<Emitted.ClearThinkingEdit>().toEqualTypeOf<Derived.ClearThinkingEdit>();
  });
  it('CompactEdit', () => {
    expectTypeOf<Emitted.CompactEdit>().toEqualTypeOf<Derived.CompactEdit>();
  });
  it('ContextEdit', () => {
    expectTypeOf<Emitted.ContextEdit>().toEqualTypeOf<Derived.ContextEdit>();
  });
  it('ContextManagement', () => {
    expectTypeOf<Emitted.ContextManagement>().toEqualTypeOf<Derived.ContextManagement>();
  });
  it('Base64PdfSource', () => {
    expectTypeOf<Emitted.Base64PdfSource>().toEqualTypeOf<Derived.Base64PdfSource>();
  });
  it('PlainTextSource', () => {
    expectTypeOf<Emitted.PlainTextSource>().toEqualTypeOf<Derived.PlainTextSource>();
  });
  it('UrlPdfSource', () => {
    expectTypeOf<Emitted.UrlPdfSource>().toEqualTypeOf<Derived.UrlPdfSource>();
  });
  it('FileDocumentSource', () => {
    expectTypeOf<Emitted.FileDocumentSource>().toEqualTypeOf<Derived.FileDocumentSource>();
  });
  it('ContentDocumentSource', () => {
    expectTypeOf<Emitted.ContentDocumentSource>().toEqualTypeOf<Derived.ContentDocumentSource>();
  });
  it('DocumentSource', () => {
    expectTypeOf<Emitted.DocumentSource>().toEqualTypeOf<Derived.DocumentSource>();
  });
  it('DocumentBlock', () => {
    expectTypeOf<Emitted.DocumentBlock>().toEqualTypeOf<Derived.DocumentBlock>();
  });
  it('Issue', () => {
    expectTypeOf<Emitted.Issue>().toEqualTypeOf<Derived.Issue>();
  });
  it('ErrorMetadata', () => {
    expectTypeOf<Emitted.ErrorMetadata>().toEqualTypeOf<Derived.ErrorMetadata>();
  });
  it('ErrorResponse', () => {
    expectTypeOf<Emitted.ErrorResponse>().toEqualTypeOf<Derived.ErrorResponse>();
  });
  it('FusionTool', () => {
    expectTypeOf<Emitted.FusionTool>().toEqualTypeOf<Derived.FusionTool>();
  });
  it('FusionPlugin', () => {
    expectTypeOf<Emitted.FusionPlugin>().toEqualTypeOf<Derived.FusionPlugin>();
  });
  it('ImageMediaType', () => {
    expectTypeOf<Emitted.ImageMediaType>().toEqualTypeOf<Derived.ImageMediaType>();
  });
  it('Base64ImageSource', () => {
    expectTypeOf<Emitted.Base64ImageSource>().toEqualTypeOf<Derived.Base64ImageSource>();
  });
  it('UrlImageSource', () => {
    expectTypeOf<Emitted.UrlImageSource>().toEqualTypeOf<Derived.UrlImageSource>();
  });
  it('ImageSource', () => {
    expectTypeOf<Emitted.ImageSource>().toEqualTypeOf<Derived.ImageSource>();
  });
  it('ImageBlock', () => {
    expectTypeOf<Emitted.ImageBlock>().toEqualTypeOf<Derived.ImageBlock>();
  });
  it('MaskedSecret', () => {
    expectTypeOf<Emitted.MaskedSecret>().toEqualTypeOf<Derived.MaskedSecret>();
  });
  it('ContentBlock', () => {
    expectTypeOf<Emitted.ContentBlock>().toEqualTypeOf<Derived.ContentBlock>();
  });
  it('Message', () => {
    expectTypeOf<Emitted.Message>().toEqualTypeOf<Derived.Message>();
  });
  it('MessageRole', () => {
    expectTypeOf<Emitted.MessageRole>().toEqualTypeOf<Derived.MessageRole>();
  });
  it('MessagesRequest', () => {
    expectTypeOf<Emitted.MessagesRequest>().toEqualTypeOf<Derived.MessagesRequest>();
  });
  it('PercentileStats', () => {
    expectTypeOf<Emitted.PercentileStats>().toEqualTypeOf<Derived.PercentileStats>();
  });
  it('ModelEndpoint', () => {
    expectTypeOf<Emitted.ModelEndpoint>().toEqualTypeOf<Derived.ModelEndpoint>();
  });
  it('ModelArchitecture', () => {
    expectTypeOf<Emitted.ModelArchitecture>().toEqualTypeOf<Derived.ModelArchitecture>();
  });
  it('ModelWithEndpoints', () => {
    expectTypeOf<Emitted.ModelWithEndpoints>().toEqualTypeOf<Derived.ModelWithEndpoints>();
  });
  it('ModelEndpointsResponse', () => {
    expectTypeOf<Emitted.ModelEndpointsResponse>().toEqualTypeOf<Derived.ModelEndpointsResponse>();
  });
  it('DestinationHeaders', () => {
    expectTypeOf<Emitted.DestinationHeaders>().toEqualTypeOf<Derived.DestinationHeaders>();
  });
  it('ObservabilityDestination', () => {
    expectTypeOf<Emitted.ObservabilityDestination>().toEqualTypeOf<Derived.ObservabilityDestination>();
  });
  it('ObservabilityDestinationType', () => {
    expectTypeOf<Emitted.ObservabilityDestinationType>().toEqualTypeOf<Derived.ObservabilityDestinationType>();
  });
  it('ObservabilityDestinationResponse', () => {
    expectTypeOf<Emitted.ObservabilityDestinationResponse>().toEqualTypeOf<Derived.ObservabilityDestinationResponse>();
  });
  it('ArizeDestination', () => {
    expectTypeOf<Emitted.ArizeDestination>().toEqualTypeOf<Derived.ArizeDestination>();
  });
  it('BraintrustDestination', () => {
    expectTypeOf<Emitted.BraintrustDestination>().toEqualTypeOf<Derived.BraintrustDestination>();
  });
  it('ClickhouseDestination', () => {
    expectTypeOf<Emitted.ClickhouseDestination>().toEqualTypeOf<Derived.ClickhouseDestination>();
  });
  it('DatadogDestination', () => {
    expectTypeOf<Emitted.DatadogDestination>().toEqualTypeOf<Derived.DatadogDestination>();
  });
  it('GrafanaDestination', () => {
    expectTypeOf<Emitted.GrafanaDestination>().toEqualTypeOf<Derived.GrafanaDestination>();
  });
  it('LangfuseDestination', () => {
    expectTypeOf<Emitted.LangfuseDestination>().toEqualTypeOf<Derived.LangfuseDestination>();
  });
  it('LangsmithDestination', () => {
    expectTypeOf<Emitted.LangsmithDestination>().toEqualTypeOf<Derived.LangsmithDestination>();
  });
  it('NewrelicDestination', () => {
    expectTypeOf<Emitted.NewrelicDestination>().toEqualTypeOf<Derived.NewrelicDestination>();
  });
  it('OpikDestination', () => {
    expectTypeOf<Emitted.OpikDestination>().toEqualTypeOf<Derived.OpikDestination>();
  });
  it('OtelCollectorDestination', () => {
    expectTypeOf<Emitted.OtelCollectorDestination>().toEqualTypeOf<Derived.OtelCollectorDestination>();
  });
  it('PosthogDestination', () => {
    expectTypeOf<Emitted.PosthogDestination>().toEqualTypeOf<Derived.PosthogDestination>();
  });
  it('RampDestination', () => {
    expectTypeOf<Emitted.RampDestination>().toEqualTypeOf<Derived.RampDestination>();
  });
  it('S3Destination', () => {
    expectTypeOf<Emitted.S3Destination>().toEqualTypeOf<Derived.S3Destination>();
  });
  it('SentryDestination', () => {
    expectTypeOf<Emitted.SentryDestination>().toEqualTypeOf<Derived.SentryDestination>();
  });
  it('SnowflakeDestination', () => {
    expectTypeOf<Emitted.SnowflakeDestination>().toEqualTypeOf<Derived.SnowflakeDestination>();
  });
  it('WeaveDestination', () => {
    expectTypeOf<Emitted.WeaveDestination>().toEqualTypeOf<Derived.WeaveDestination>();
  });
  it('WebhookDestination', () => {
    expectTypeOf<Emitted.WebhookDestination>().toEqualTypeOf<Derived.WebhookDestination>();
  });
  it('FilterRule', () => {
    expectTypeOf<Emitted.FilterRule>().toEqualTypeOf<Derived.FilterRule>();
  });
  it('FilterRuleGroup', () => {
    expectTypeOf<Emitted.FilterRuleGroup>().toEqualTypeOf<Derived.FilterRuleGroup>();
  });
  it('FilterRules', () => {
    expectTypeOf<Emitted.FilterRules>().toEqualTypeOf<Derived.FilterRules>();
  });
  it('Effort', () => {
    expectTypeOf<Emitted.Effort>().toEqualTypeOf<Derived.Effort>();
  });
  it('OutputFormat', () => {
    expectTypeOf<Emitted.OutputFormat>().toEqualTypeOf<Derived.OutputFormat>();
  });
  it('TaskBudget', () => {
    expectTypeOf<Emitted.TaskBudget>().toEqualTypeOf<Derived.TaskBudget>();
  });
  it('OutputConfig', () => {
    expectTypeOf<Emitted.OutputConfig>().toEqualTypeOf<Derived.OutputConfig>();
  });
  it('CreatePresetParams', () => {
    expectTypeOf<Emitted.CreatePresetParams>().toEqualTypeOf<Derived.CreatePresetParams>();
  });
  it('GetPresetVersionParams', () => {
    expectTypeOf<Emitted.GetPresetVersionParams>().toEqualTypeOf<Derived.GetPresetVersionParams>();
  });
  it('ListEndpointsParams', () => {
    expectTypeOf<Emitted.ListEndpointsParams>().toEqualTypeOf<Derived.ListEndpointsParams>();
  });
  it('GetObservabilityDestinationParams', () => {
    expectTypeOf<Emitted.GetObservabilityDestinationParams>().toEqualTypeOf<Derived.GetObservabilityDestinationParams>();
  });
  it('ContextCompressionPlugin', () => {
    expectTypeOf<Emitted.ContextCompressionPlugin>().toEqualTypeOf<Derived.ContextCompressionPlugin>();
  });
  it('PdfParserOptions', () => {
    expectTypeOf<Emitted.PdfParserOptions>().toEqualTypeOf<Derived.PdfParserOptions>();
  });
  it('FileParserPlugin', () => {
    expectTypeOf<Emitted.FileParserPlugin>().toEqualTypeOf<Derived.FileParserPlugin>();
  });
  it('ModerationPlugin', () => {
    expectTypeOf<Emitted.ModerationPlugin>().toEqualTypeOf<Derived.ModerationPlugin>();
  });
  it('ResponseHealingPlugin', () => {
    expectTypeOf<Emitted.ResponseHealingPlugin>().toEqualTypeOf<Derived.ResponseHealingPlugin>();
  });
  it('Plugin', () => {
    expectTypeOf<Emitted.Plugin>().toEqualTypeOf<Derived.Plugin>();
  });
  it('PluginId', () => {
    expectTypeOf<Emitted.PluginId>().toEqualTypeOf<Derived.PluginId>();
  });
  it('PresetConfig', () => {
    expectTypeOf<Emitted.PresetConfig>().toEqualTypeOf<Derived.PresetConfig>();
  });
  it('PresetDraft', () => {
    expectTypeOf<Emitted.PresetDraft>().toEqualTypeOf<Derived.PresetDraft>();
  });
  it('PresetStatus', () => {
    expectTypeOf<Emitted.PresetStatus>().toEqualTypeOf<Derived.PresetStatus>();
  });
  it('PresetVersion', () => {
    expectTypeOf<Emitted.PresetVersion>().toEqualTypeOf<Derived.PresetVersion>();
  });
  it('Preset', () => {
    expectTypeOf<Emitted.Preset>().toEqualTypeOf<Derived.Preset>();
  });
  it('PresetResponse', () => {
    expectTypeOf<Emitted.PresetResponse>().toEqualTypeOf<Derived.PresetResponse>();
  });
  it('PresetVersionResponse', () => {
    expectTypeOf<Emitted.PresetVersionResponse>().toEqualTypeOf<Derived.PresetVersionResponse>();
  });
  it('ProviderSortConfig', () => {
    expectTypeOf<Emitted.ProviderSortConfig>().toEqualTypeOf<Derived.ProviderSortConfig>();
  });
  it('PercentileCutoffs', () => {
    expectTypeOf<Emitted.PercentileCutoffs>().toEqualTypeOf<Derived.PercentileCutoffs>();
  });
  it('ProviderPreferences', () => {
    expectTypeOf<Emitted.ProviderPreferences>().toEqualTypeOf<Derived.ProviderPreferences>();
  });
  it('Provider', () => {
    expectTypeOf<Emitted.Provider>().toEqualTypeOf<Derived.Provider>();
  });
  it('ProvidersResponse', () => {
    expectTypeOf<Emitted.ProvidersResponse>().toEqualTypeOf<Derived.ProvidersResponse>();
  });
  it('Route', () => {
    expectTypeOf<Emitted.Route>().toEqualTypeOf<Derived.Route>();
  });
  it('AutoRouterPlugin', () => {
    expectTypeOf<Emitted.AutoRouterPlugin>().toEqualTypeOf<Derived.AutoRouterPlugin>();
  });
  it('AutoBetaRouterPlugin', () => {
    expectTypeOf<Emitted.AutoBetaRouterPlugin>().toEqualTypeOf<Derived.AutoBetaRouterPlugin>();
  });
  it('ParetoRouterPlugin', () => {
    expectTypeOf<Emitted.ParetoRouterPlugin>().toEqualTypeOf<Derived.ParetoRouterPlugin>();
  });
  it('SearchResultBlock', () => {
    expectTypeOf<Emitted.SearchResultBlock>().toEqualTypeOf<Derived.SearchResultBlock>();
  });
  it('ContainerEnvironment', () => {
    expectTypeOf<Emitted.ContainerEnvironment>().toEqualTypeOf<Derived.ContainerEnvironment>();
  });
  it('BashServerToolConfig', () => {
    expectTypeOf<Emitted.BashServerToolConfig>().toEqualTypeOf<Derived.BashServerToolConfig>();
  });
  it('ShellServerToolConfig', () => {
    expectTypeOf<Emitted.ShellServerToolConfig>().toEqualTypeOf<Derived.ShellServerToolConfig>();
  });
  it('DatetimeServerToolConfig', () => {
    expectTypeOf<Emitted.DatetimeServerToolConfig>().toEqualTypeOf<Derived.DatetimeServerToolConfig>();
  });
  it('ImageGenerationServerToolConfig', () => {
    expectTypeOf<Emitted.ImageGenerationServerToolConfig>().toEqualTypeOf<Derived.ImageGenerationServerToolConfig>();
  });
  it('SearchModelsServerToolConfig', () => {
    expectTypeOf<Emitted.SearchModelsServerToolConfig>().toEqualTypeOf<Derived.SearchModelsServerToolConfig>();
  });
  it('ToolSearchServerToolConfig', () => {
    expectTypeOf<Emitted.ToolSearchServerToolConfig>().toEqualTypeOf<Derived.ToolSearchServerToolConfig>();
  });
  it('WebFetchServerToolConfig', () => {
    expectTypeOf<Emitted.WebFetchServerToolConfig>().toEqualTypeOf<Derived.WebFetchServerToolConfig>();
  });
  it('WebSearchServerToolConfig', () => {
    expectTypeOf<Emitted.WebSearchServerToolConfig>().toEqualTypeOf<Derived.WebSearchServerToolConfig>();
  });
  it('ServerToolUseBlock', () => {
    expectTypeOf<Emitted.ServerToolUseBlock>().toEqualTypeOf<Derived.ServerToolUseBlock>();
  });
  it('AdvisorToolResultBlock', () => {
    expectTypeOf<Emitted.AdvisorToolResultBlock>().toEqualTypeOf<Derived.AdvisorToolResultBlock>();
  });
  it('ShellToolResultBlock', () => {
    expectTypeOf<Emitted.ShellToolResultBlock>().toEqualTypeOf<Derived.ShellToolResultBlock>();
  });
  it('BashToolResultBlock', () => {
    expectTypeOf<Emitted.BashToolResultBlock>().toEqualTypeOf<Derived.BashToolResultBlock>();
  });
  it('WebSearchResult', () => {
    expectTypeOf<Emitted.WebSearchResult>().toEqualTypeOf<Derived.WebSearchResult>();
  });
  it('WebSearchErrorCode', () => {
    expectTypeOf<Emitted.WebSearchErrorCode>().toEqualTypeOf<Derived.WebSearchErrorCode>();
  });
  it('WebSearchToolResultError', () => {
    expectTypeOf<Emitted.WebSearchToolResultError>().toEqualTypeOf<Derived.WebSearchToolResultError>();
  });
  it('WebSearchToolResultBlock', () => {
    expectTypeOf<Emitted.WebSearchToolResultBlock>().toEqualTypeOf<Derived.WebSearchToolResultBlock>();
  });
  it('BashServerTool', () => {
    expectTypeOf<Emitted.BashServerTool>().toEqualTypeOf<Derived.BashServerTool>();
  });
  it('DatetimeServerTool', () => {
    expectTypeOf<Emitted.DatetimeServerTool>().toEqualTypeOf<Derived.DatetimeServerTool>();
  });
  it('ImageGenerationServerTool', () => {
    expectTypeOf<Emitted.ImageGenerationServerTool>().toEqualTypeOf<Derived.ImageGenerationServerTool>();
  });
  it('SearchModelsServerTool', () => {
    expectTypeOf<Emitted.SearchModelsServerTool>().toEqualTypeOf<Derived.SearchModelsServerTool>();
  });
  it('WebFetchServerTool', () => {
    expectTypeOf<Emitted.WebFetchServerTool>().toEqualTypeOf<Derived.WebFetchServerTool>();
  });
  it('WebSearchServerTool', () => {
    expectTypeOf<Emitted.WebSearchServerTool>().toEqualTypeOf<Derived.WebSearchServerTool>();
  });
  it('ShellServerTool', () => {
    expectTypeOf<Emitted.ShellServerTool>().toEqualTypeOf<Derived.ShellServerTool>();
  });
  it('ToolSearchServerTool', () => {
    expectTypeOf<Emitted.ToolSearchServerTool>().toEqualTypeOf<Derived.ToolSearchServerTool>();
  });
  it('ServerTool', () => {
    expectTypeOf<Emitted.ServerTool>().toEqualTypeOf<Derived.ServerTool>();
  });
  it('StepCountIs', () => {
    expectTypeOf<Emitted.StepCountIs>().toEqualTypeOf<Derived.StepCountIs>();
  });
  it('HasToolCall', () => {
    expectTypeOf<Emitted.HasToolCall>().toEqualTypeOf<Derived.HasToolCall>();
  });
  it('MaxTokensUsed', () => {
    expectTypeOf<Emitted.MaxTokensUsed>().toEqualTypeOf<Derived.MaxTokensUsed>();
  });
  it('MaxCost', () => {
    expectTypeOf<Emitted.MaxCost>().toEqualTypeOf<Derived.MaxCost>();
  });
  it('FinishReasonIs', () => {
    expectTypeOf<Emitted.FinishReasonIs>().toEqualTypeOf<Derived.FinishReasonIs>();
  });
  it('StopServerToolsWhenCondition', () => {
    expectTypeOf<Emitted.StopServerToolsWhenCondition>().toEqualTypeOf<Derived.StopServerToolsWhenCondition>();
  });
  it('StopServerToolsWhen', () => {
    expectTypeOf<Emitted.StopServerToolsWhen>().toEqualTypeOf<Derived.StopServerToolsWhen>();
  });
  it('TextBlock', () => {
    expectTypeOf<Emitted.TextBlock>().toEqualTypeOf<Derived.TextBlock>();
  });
  it('Citation', () => {
    expectTypeOf<Emitted.Citation>().toEqualTypeOf<Derived.Citation>();
  });
  it('CharLocationCitation', () => {
    expectTypeOf<Emitted.CharLocationCitation>().toEqualTypeOf<Derived.CharLocationCitation>();
  });
  it('PageLocationCitation', () => {
    expectTypeOf<Emitted.PageLocationCitation>().toEqualTypeOf<Derived.PageLocationCitation>();
  });
  it('ContentBlockLocationCitation', () => {
    expectTypeOf<Emitted.ContentBlockLocationCitation>().toEqualTypeOf<Derived.ContentBlockLocationCitation>();
  });
  it('WebSearchResultLocationCitation', () => {
    expectTypeOf<Emitted.WebSearchResultLocationCitation>().toEqualTypeOf<Derived.WebSearchResultLocationCitation>();
  });
  it('SearchResultLocationCitation', () => {
    expectTypeOf<Emitted.SearchResultLocationCitation>().toEqualTypeOf<Derived.SearchResultLocationCitation>();
  });
  it('ThinkingBlock', () => {
    expectTypeOf<Emitted.ThinkingBlock>().toEqualTypeOf<Derived.ThinkingBlock>();
  });
  it('RedactedThinkingBlock', () => {
    expectTypeOf<Emitted.RedactedThinkingBlock>().toEqualTypeOf<Derived.RedactedThinkingBlock>();
  });
  it('ThinkingDisplay', () => {
    expectTypeOf<Emitted.ThinkingDisplay>().toEqualTypeOf<Derived.ThinkingDisplay>();
  });
  it('EnabledThinking', () => {
    expectTypeOf<Emitted.EnabledThinking>().toEqualTypeOf<Derived.EnabledThinking>();
  });
  it('DisabledThinking', () => {
    expectTypeOf<Emitted.DisabledThinking>().toEqualTypeOf<Derived.DisabledThinking>();
  });
  it('AdaptiveThinking', () => {
    expectTypeOf<Emitted.AdaptiveThinking>().toEqualTypeOf<Derived.AdaptiveThinking>();
  });
  it('Thinking', () => {
    expectTypeOf<Emitted.Thinking>().toEqualTypeOf<Derived.Thinking>();
  });
  it('ChangedTool', () => {
    expectTypeOf<Emitted.ChangedTool>().toEqualTypeOf<Derived.ChangedTool>();
  });
  it('ToolAdditionBlock', () => {
    expectTypeOf<Emitted.ToolAdditionBlock>().toEqualTypeOf<Derived.ToolAdditionBlock>();
  });
  it('ToolRemovalBlock', () => {
    expectTypeOf<Emitted.ToolRemovalBlock>().toEqualTypeOf<Derived.ToolRemovalBlock>();
  });
  it('AutoToolChoice', () => {
    expectTypeOf<Emitted.AutoToolChoice>().toEqualTypeOf<Derived.AutoToolChoice>();
  });
  it('AnyToolChoice', () => {
    expectTypeOf<Emitted.AnyToolChoice>().toEqualTypeOf<Derived.AnyToolChoice>();
  });
  it('NoneToolChoice', () => {
    expectTypeOf<Emitted.NoneToolChoice>().toEqualTypeOf<Derived.NoneToolChoice>();
  });
  it('NamedToolChoice', () => {
    expectTypeOf<Emitted.NamedToolChoice>().toEqualTypeOf<Derived.NamedToolChoice>();
  });
  it('ToolChoice', () => {
    expectTypeOf<Emitted.ToolChoice>().toEqualTypeOf<Derived.ToolChoice>();
  });
  it('ToolUseBlock', () => {
    expectTypeOf<Emitted.ToolUseBlock>().toEqualTypeOf<Derived.ToolUseBlock>();
  });
  it('ToolReferenceBlock', () => {
    expectTypeOf<Emitted.ToolReferenceBlock>().toEqualTypeOf<Derived.ToolReferenceBlock>();
  });
  it('ToolResultContentBlock', () => {
    expectTypeOf<Emitted.ToolResultContentBlock>().toEqualTypeOf<Derived.ToolResultContentBlock>();
  });
  it('ToolResultBlock', () => {
    expectTypeOf<Emitted.ToolResultBlock>().toEqualTypeOf<Derived.ToolResultBlock>();
  });
  it('CustomTool', () => {
    expectTypeOf<Emitted.CustomTool>().toEqualTypeOf<Derived.CustomTool>();
  });
  it('GenericTool', () => {
    expectTypeOf<Emitted.GenericTool>().toEqualTypeOf<Derived.GenericTool>();
  });
  it('KnownTool', () => {
    expectTypeOf<Emitted.KnownTool>().toEqualTypeOf<Derived.KnownTool>();
  });
  it('Tool', () => {
    expectTypeOf<Emitted.Tool>().toEqualTypeOf<Derived.Tool>();
  });
  it('KnownToolType', () => {
    expectTypeOf<Emitted.KnownToolType>().toEqualTypeOf<Derived.KnownToolType>();
  });
  it('Trace', () => {
    expectTypeOf<Emitted.Trace>().toEqualTypeOf<Derived.Trace>();
  });
  it('WebSearchUserLocation', () => {
    expectTypeOf<Emitted.WebSearchUserLocation>().toEqualTypeOf<Derived.WebSearchUserLocation>();
  });
  it('AllowedCallers', () => {
    expectTypeOf<Emitted.AllowedCallers>().toEqualTypeOf<Derived.AllowedCallers>();
  });
  it('BashTool', () => {
    expectTypeOf<Emitted.BashTool>().toEqualTypeOf<Derived.BashTool>();
  });
  it('TextEditorTool', () => {
    expectTypeOf<Emitted.TextEditorTool>().toEqualTypeOf<Derived.TextEditorTool>();
  });
  it('WebSearchTool20250305', () => {
    expectTypeOf<Emitted.WebSearchTool20250305>().toEqualTypeOf<Derived.WebSearchTool20250305>();
  });
  it('WebSearchTool20260209', () => {
    expectTypeOf<Emitted.WebSearchTool20260209>().toEqualTypeOf<Derived.WebSearchTool20260209>();
  });
  it('AdvisorTool', () => {
    expectTypeOf<Emitted.AdvisorTool>().toEqualTypeOf<Derived.AdvisorTool>();
  });
  it('ToolSearchToolBm25', () => {
    expectTypeOf<Emitted.ToolSearchToolBm25>().toEqualTypeOf<Derived.ToolSearchToolBm25>();
  });
  it('ToolSearchToolRegex', () => {
    expectTypeOf<Emitted.ToolSearchToolRegex>().toEqualTypeOf<Derived.ToolSearchToolRegex>();
  });
  it('WebSearchPlugin', () => {
    expectTypeOf<Emitted.WebSearchPlugin>().toEqualTypeOf<Derived.WebSearchPlugin>();
  });
  it('WebFetchPlugin', () => {
    expectTypeOf<Emitted.WebFetchPlugin>().toEqualTypeOf<Derived.WebFetchPlugin>();
  });
});
