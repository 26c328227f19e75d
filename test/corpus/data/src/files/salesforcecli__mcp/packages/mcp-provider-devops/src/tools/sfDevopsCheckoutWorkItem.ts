import { z } from "zod";
import { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { McpTool, McpToolConfig, ReleaseState, Toolset, Services } from "@salesforce/mcp-provider-api";
import { checkoutWorkitemBranch } from "../checkoutWorkitemBranch.js";
import { fetchWorkItemByName } from "../getWorkItems.js";
import { SfDevopsUpdateWorkItemStatus } from "./sfDevopsUpdateWorkItemStatus.js";
import { normalizeAndValidateRepoPath } from "../shared/pathUtils.js";
import { TelemetryEventNames } from "../constants.js";
import { usernameOrAliasParam } from "../shared/params.js";

const inputSchema = z.object({
  usernameOrAlias: usernameOrAliasParam,
  workItemName: z.string().min(1).describe("Exact Work Item Name to check out."),
  localPath: z.string().describe("The directory path where the repository should be cloned/checked out. If not provided, ask user to provide the path where project is cloned.")
});
type InputArgs = z.infer<typeof inputSchema>;
type InputArgsShape = typeof inputSchema.shape;
type OutputArgsShape = z.ZodRawShape;

function isNewStatus(status: unknown): boolean {
  return String(status ?? "").trim().toLowerCase() === "new";
}

export class SfDevopsCheckoutWorkItem extends McpTool<InputArgsShape, OutputArgsShape> {
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
    return "checkout_devops_center_work_item";
  }

  public getConfig(): McpToolConfig<InputArgsShape, OutputArgsShape> {
    return {
      title: "Checkout Work Item",
      description: `Checks out the branch associated with a selected work item by name.

**Terminology:** Treat "DevOps Center", "DOCe", and "DoCe" as the same product/org context.

**MANDATORY:** Always ask the user to provide the local path (repoPath) to the checked-out repository. 
You may show the current working directory as an option, but do not proceed until the user has explicitly chosen a repo path. 
Never assume or default to a path without user confirmation.

This tool takes the DevOps Center org username and the exact Work Item Name, looks up the Work Item to retrieve its repository URL and branch, and then checks out that branch. If localPath is not provided, the current working directory will be used. It clones the repository to the specified local path if it does not exist there, and checks out the specified branch. Assumes the user is already authenticated with the git CLI.

**How to use this tool:**

1. **Work Item Name Required:**
   - Provide the exact Work Item Name and the DevOps Center org username. The tool will fetch the Work Item and derive repo URL and branch automatically.

2. **Input Parameters:**
   - "username": The username of the DevOps Center org.
   - "workItemName": The exact Name of the Work Item whose branch to check out.
   - "localPath" (mandatory): The directory path where the repository should be cloned/checked out. Must be provided by the user. The current working directory can be shown as an option, but do not proceed until the user chooses.

3. **Operation:**
   - If the repository does not exist at the specified local path, the tool will clone it there.
   - The tool will then check out the specified branch in that directory.
   - The output will explicitly show the path where the repository is cloned.

**Typical workflow:**
- Provide Work Item Name and local path, then run this tool to clone and check out the correct branch.

**Output:**
- Success or error message indicating the result of the clone and checkout operations, including the path where the repository is cloned.`,
      inputSchema: inputSchema.shape,
      outputSchema: undefined,
    };
  }

  private async markWorkItemInProgress(input: InputArgs, startTime: number): Promise<CallToolResult | null> {
    try {
      const updateTool = new SfDevopsUpdateWorkItemStatus(this.services);
      const statusUpdateResult = await updateTool.exec({
        usernameOrAlias: input.usernameOrAlias,
        workItemName: input.workItemName,
        status: "In Progress"
      });
      if (statusUpdateResult.isError) {
        const executionTime = Date.now() - startTime;
        this.services.getTelemetryService().sendEvent(TelemetryEventNames.CHECKOUT_WORK_ITEM, {
          success: false,
          error: "Error setting work item to In Progress before checkout",
          workItemName: input.workItemName,
          executionTimeMs: executionTime,
        });
        return statusUpdateResult;
      }
      return null;
    } catch (e: any) {
      const executionTime = Date.now() - startTime;
      this.services.getTelemetryService().sendEvent(TelemetryEventNames.CHECKOUT_WORK_ITEM, {
        success: false,
        error: `Error setting work item to In Progress: ${e?.message || e}`,
        workItemName: input.workItemName,
        executionTimeMs: executionTime,
      });
      return {
        content: [{ type: "text", text: `Error setting work item to In Progress before checkout: ${e?.message || e}` }],
        isError: true
      };
    }
  }

  private withWorkItemContext(result: CallToolResult, workItem: any): CallToolResult {
    return {
      ...result,
      content: [
        ...(result.content ?? []),
        {
          type: "text",
          text: JSON.stringify({
            workItemName: workItem?.name || workItem?.Name || "",
            subject: workItem?.subject || workItem?.Subject || undefined,
            description: workItem?.description || workItem?.Description || undefined
          }, null, 2)
        }
      ]
    };
  }

  public async exec(input: InputArgs): Promise<CallToolResult> {
    const startTime = Date.now();
    let safeLocalPath: string | undefined = undefined;
    
    try {
      if (!input.localPath || input.localPath.trim().length === 0) {
        return {
          content: [{
            type: "text",
            text: `Error: Repository path is required. Please provide the absolute path to the git repository root.`
          }],
          isError: true
        };
      }

      safeLocalPath = input.localPath ? normalizeAndValidateRepoPath(input.localPath) : undefined;
    } catch (e: any) {
      return {
        content: [{ type: "text", text: `Invalid localPath: ${e?.message || e}` }],
        isError: true
      };
    }

    let workItem: any;
    try {
      const connection = await this.services.getOrgService().getConnection(input.usernameOrAlias);
      workItem = await fetchWorkItemByName(connection, input.workItemName);
    } catch (e: any) {
      const executionTime = Date.now() - startTime;
      
      this.services.getTelemetryService().sendEvent(TelemetryEventNames.CHECKOUT_WORK_ITEM, {
        success: false,
        error: `Error fetching work item: ${e?.message || e}`,
        executionTimeMs: executionTime,
      });
      
      return {
        content: [{ type: "text", text: `Error fetching work item: ${e?.message || e}` }],
        isError: true
      };
    }

    if (!workItem) {
      return {
        content: [{
          type: "text",
          text: `Error: Work item not found. Please provide a valid work item name or valid DevOps Center org username.`
        }],
        isError: true
      };
    }

    let attemptedInProgressUpdate = false;
    if (!workItem?.SourceCodeRepository?.repoUrl || !workItem?.WorkItemBranch) {
      if (isNewStatus(workItem?.status)) {
        const updateError = await this.markWorkItemInProgress(input, startTime);
        if (updateError) {
          return updateError;
        }
        attemptedInProgressUpdate = true;
        try {
          const connection = await this.services.getOrgService().getConnection(input.usernameOrAlias);
          const latestWorkItem = await fetchWorkItemByName(connection, input.workItemName);
          if (latestWorkItem) {
            workItem = latestWorkItem;
          }
        } catch (e: any) {
          const executionTime = Date.now() - startTime;
          this.services.getTelemetryService().sendEvent(TelemetryEventNames.CHECKOUT_WORK_ITEM, {
            success: false,
            error: `Error setting work item to In Progress: ${e?.message || e}`,
            workItemName: input.workItemName,
            executionTimeMs: executionTime,
          });
          return {
            content: [{ type: "text", text: `Error setting work item to In Progress before checkout: ${e?.message || e}` }],
            isError: true
          };
        }
      }

      if (!workItem?.SourceCodeRepository?.repoUrl || !workItem?.WorkItemBranch) {
        return {
          content: [{
            type: "text",
            text: `Work item is missing required repository URL or branch information.`
          }],
          isError: true
        };
      }
    }

    if (!attemptedInProgressUpdate && isNewStatus(workItem?.status)) {
      const updateError = await this.markWorkItemInProgress(input, startTime);
      if (updateError) {
        return updateError;
      }
      attemptedInProgressUpdate = true;
    }
    
    try {
      const result = await checkoutWorkitemBranch({
        repoUrl: workItem.SourceCodeRepository.repoUrl,
        branchName: workItem.WorkItemBranch,
        localPath: safeLocalPath
      });
      
      const executionTime = Date.now() - startTime;
      
      this.services.getTelemetryService().sendEvent(TelemetryEventNames.CHECKOUT_WORK_ITEM, {
        success: true,
        workItemName: input.workItemName,
        branchName: workItem.WorkItemBranch,
        repoUrl: workItem.SourceCodeRepository.repoUrl,
        executionTimeMs: executionTime,
      });
      
      return this.withWorkItemContext(result, workItem);
    } catch (e: any) {
      const checkoutErrorMessage = e?.message || String(e);

      // Retry once after ensuring the work item is In Progress and fetching latest branch details.
      if (isNewStatus(workItem?.status) || attemptedInProgressUpdate) {
        try {
          if (!attemptedInProgressUpdate && isNewStatus(workItem?.status)) {
            const updateError = await this.markWorkItemInProgress(input, startTime);
            if (updateError) {
              return updateError;
            }
            attemptedInProgressUpdate = true;
          }

          const connection = await this.services.getOrgService().getConnection(input.usernameOrAlias);
          const latestWorkItem = await fetchWorkItemByName(connection, input.workItemName);
          if (latestWorkItem?.SourceCodeRepository?.repoUrl && latestWorkItem?.WorkItemBranch) {
            const retryResult = await checkoutWorkitemBranch({
              repoUrl: latestWorkItem.SourceCodeRepository.repoUrl,
              branchName: latestWorkItem.WorkItemBranch,
              localPath: safeLocalPath
            });

            const executionTime = Date.now() - startTime;
            this.services.getTelemetryService().sendEvent(TelemetryEventNames.CHECKOUT_WORK_ITEM, {
              success: true,
              workItemName: input.workItemName,
              branchName: latestWorkItem.WorkItemBranch,
              repoUrl: latestWorkItem.SourceCodeRepository.repoUrl,
              executionTimeMs: executionTime,
            });
            return this.withWorkItemContext(retryResult, latestWorkItem);
          }
        } catch {
          // Fall through and return the original checkout error.
        }
      }

      const executionTime = Date.now() - startTime;
      
      this.services.getTelemetryService().sendEvent(TelemetryEventNames.CHECKOUT_WORK_ITEM, {
        success: false,
        error: `Error during checkout: ${checkoutErrorMessage}`,
        workItemName: input.workItemName,
        executionTimeMs: executionTime,
      });
      
      return {
        content: [{ type: "text", text: `Error during checkout: ${checkoutErrorMessage}` }],
        isError: true
      };
    }
  }
}
