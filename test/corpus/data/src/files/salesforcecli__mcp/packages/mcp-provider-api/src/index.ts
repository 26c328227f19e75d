export { McpPrompt, type McpPromptConfig } from './prompts.js';

export { MCP_PROVIDER_API_VERSION, McpProvider, type Versioned } from './provider.js';

export { McpResource, McpResourceTemplate } from './resources.js';

export { McpTool, type McpToolConfig } from './tools.js';

export { ReleaseState, Toolset, TOOLSETS } from './enums.js';

export { type OrgConfigInfo, type SanitizedOrgAuthorization } from './types.js';

export {
  type Services,
  type TelemetryService,
  type TelemetryEvent,
  type OrgService,
  type ConfigService,
  type StartupFlags
} from './services.js';
