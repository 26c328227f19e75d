import { z } from "zod";
import { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { McpTool, McpToolConfig, ReleaseState, Toolset, Services } from "@salesforce/mcp-provider-api";
import { detectConflict } from "../detectConflict.js";
import { fetchWorkItemByName } from "../getWorkItems.js";
import { fetchWorkItemByNameMP } from "../getWorkItemsMP.js";
import { isManagedPackageDevopsOrg } from "../shared/orgType.js";
import { normalizeAndValidateRepoPath } from "../shared/pathUtils.js";
import { usernameOrAliasParam } from "../shared/params.js";

const inputSchema = z.object({
  usernameOrAlias: usernameOrAliasParam.optional(),
  workItemName: z.string().optional().describe("Exact Work Item Name"),
  sourcebranch: z.string().optional().describe("Source branch of the Work Item"),
  localPath: z.string().describe("Local path to the repository (defaults to current working directory)")
});
type InputArgs = z.infer<typeof inputSchema>;
type InputArgsShape = typeof inputSchema.shape;
type OutputArgsShape = z.ZodRawShape;

function extractFetchErrorMessage(workItem: any): string | undefined {
  const message = workItem?.error?.message;
  if (typeof message === "string" && message.trim().length > 0) {
    return message.trim();
  }
  return undefined;
}

function isNotFoundError(message?: string): boolean {
  if (!message) {
    return false;
  }
  return message.toLowerCase().includes("not found");
}

export class SfDevopsDetectConflict extends McpTool<InputArgsShape, OutputArgsShape> {
  private readonly services: Services;

  constructor(services: Services) {
    super();
    this.services = services;
  }

  public getReleaseState(): ReleaseState {
    return ReleaseState.GA;
  }

  public getToolsets(): Toolset[] {
    return [Toolset.DEVOPS];
  }

  public getName(): string {
    return "detect_devops_center_merge_conflict";
  }

  public getConfig(): McpToolConfig<InputArgsShape, OutputArgsShape> {
    return {
      title: "Detect Conflict",
      description: `Detects merge conflicts for a selected work item or in given source branch.

      **When to use:**
      - User asks to detect conflicts for a work item, or asks for help fixing a merge conflict.
      - User asks to detect conflicts for a given source branch.

      **MANDATORY input:**
      - Either workitem name (example WI-0000000X) or source branch (example WI-0000000X) is provided.
      - usernameOrAlias: DevOps Center org username or alias (example devops-center-org).

      **Behavior:**
      - The tool will look up the Work Item by Name in the DevOps Center org and compute target branch automatically.
      - If the item cannot be found, or required fields are missing (branch or repo), it will return actionable guidance.

      **What this tool does:**
      1. Validates required properties (WorkItemBranch, TargetBranch, SourceCodeRepository.repoUrl)
      2. Provides instructions to check for conflicts between the work item branch and target branch
      3. Runs the necessary git commands to detect conflicts and surface findings

      **Output:**
      - If conflicts exist: lists conflicted files and suggested next steps
      - If no conflicts: confirms it is safe to merge
      - On error: returns details

      **Next step:**
      - After detection, call 'resolve_devops_center_merge_conflict' to guide the user through conflict resolution.`,
      inputSchema: inputSchema.shape,
      outputSchema: undefined,
    };
  }

  private async validateAndPrepare(input: InputArgs): Promise<{ workItem: any; localPath: string } | { error: CallToolResult }> {
    const normalizedUsernameOrAlias = input.usernameOrAlias?.trim();
    const normalizedWorkItemName = input.workItemName?.trim();
    const normalizedSourceBranch = input.sourcebranch?.trim();
    const effectiveWorkItemName = normalizedWorkItemName || normalizedSourceBranch;

    if (!normalizedUsernameOrAlias) {
      return {
        error: {
          content: [{ type: "text", text: `Error: Username or alias of valid DevOps Center org is required` }],
          isError: true
        }
      };
    }

    if (!effectiveWorkItemName) {
      return {
        error: {
          content: [{ type: "text", text: `Error: Work item name or source branch is required` }],
          isError: true
        }
      };
    }

    let workItem: any;
    try {
      const connection = await this.services.getOrgService().getConnection(normalizedUsernameOrAlias);
      const isMP = await isManagedPackageDevopsOrg(connection);

      if (isMP) {
        // Some orgs expose MP objects but store active DevOps Center data in standard WorkItem.
        // Prefer standard WorkItem when present; keep MP as fallback.
        const mpWorkItem = await fetchWorkItemByNameMP(connection, effectiveWorkItemName);
        let standardWorkItem: any;
        try {
          standardWorkItem = await fetchWorkItemByName(connection, effectiveWorkItemName);
        } catch {
          standardWorkItem = undefined;
        }
        const mpErrorMessage = extractFetchErrorMessage(mpWorkItem);
        if (standardWorkItem) {
          workItem = standardWorkItem;
        } else if (mpErrorMessage && isNotFoundError(mpErrorMessage)) {
          workItem = null;
        } else {
          workItem = mpWorkItem;
        }
      } else {
        workItem = await fetchWorkItemByName(connection, effectiveWorkItemName);
      }
    } catch (e: any) {
      return {
        error: {
          content: [{ type: "text", text: `Error fetching work item: ${e?.message || e}` }],
          isError: true
        }
      };
    }

    if (!workItem) {
      return {
        error: {
          content: [{
            type: "text",
            text: `Error: Work item not found. Please provide a valid work item name or valid DevOps Center org username or alias.`
          }],
          isError: true
        }
      };
    }

    const fetchErrorMessage = extractFetchErrorMessage(workItem);
    if (fetchErrorMessage) {
      return {
        error: {
          content: [{ type: "text", text: `Error fetching work item: ${fetchErrorMessage}` }],
          isError: true
        }
      };
    }

    if (!input.localPath || input.localPath.trim().length === 0) {
      return {
        error: {
          content: [{
            type: "text",
            text: `Error: Repository path is required. Please provide the absolute path to the git repository root.`
          }],
          isError: true
        }
      };
    }

    const localPath = normalizeAndValidateRepoPath(input.localPath);
    return { workItem, localPath };
  }

  public async exec(input: InputArgs): Promise<CallToolResult> {
    const validation = await this.validateAndPrepare(input);
    if ("error" in validation) {
      return validation.error;
    }

    const { workItem, localPath } = validation;
    let result: any;
    try {
      result = await detectConflict({
        workItem,
        localPath
      });
    } catch (e: any) {
      return {
        content: [{ type: "text", text: `Error detecting conflict: ${e?.message || e}` }],
        isError: true
      };
    }

    return {
      content: [{
        type: "text",
        text: JSON.stringify(result, null, 2)
      }]
    };
  }
}
