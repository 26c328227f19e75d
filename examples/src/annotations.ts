// Shared annotation presets. mcp-hints resolves these through imports and spreads.
import type { ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";

export const READ_ONLY_LOCAL = {
  readOnlyHint: true,
  openWorldHint: false,
} as const satisfies ToolAnnotations;

export const WRITES_LOCAL = {
  readOnlyHint: false,
  destructiveHint: false,
  idempotentHint: false,
  openWorldHint: false,
} satisfies ToolAnnotations;
