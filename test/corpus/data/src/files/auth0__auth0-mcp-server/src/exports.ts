export { TOOLS, HANDLERS } from './tools/index.js';
export { packageName, packageVersion, packageInfo } from './utils/package.js';
export { getToolsForScopes } from './utils/scopes.js';
export { getTools, getHandlers } from './utils/tools.js';
export { ServerMode } from './utils/types.js';
