import { z } from "zod";
import { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { McpTool, McpToolConfig, ReleaseState, Toolset, Services } from "@salesforce/mcp-provider-api";
import { TelemetryEventNames } from "../constants.js";
import { usernameOrAliasParam } from "../shared/params.js";

const inputSchema = z.object({
  usernameOrAlias: usernameOrAliasParam,
});
type InputArgs = z.infer<typeof inputSchema>;
type InputArgsShape = typeof inputSchema.shape;
type OutputArgsShape = z.ZodRawShape;

export class SfDevopsListProjects extends McpTool<InputArgsShape, OutputArgsShape> {
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
    return "list_devops_center_projects";
  }

  public getConfig(): McpToolConfig<InputArgsShape, OutputArgsShape> {
    return {
      title: "List DevOps Projects",
      description: `List all DevOps Center projects in a specific org

      **Terminology:** Treat "DevOps Center", "DOCe", and "DoCe" as the same product/org context.
      
      **MANDATORY:** If the DevOps Center org is not given, use the 'list_all_orgs' tool to list all orgs. 
      The list will indicate which org is DevOps Center, or Sandbox if possible. If these details are not provided in the list, 
      ask the user to specify which org is DevOps Center org. Only proceed after the user has selected the DevOps Center org.

**MANDATORY:** Before using this tool, always confirm the selected org is the DevOps Center org. If not, prompt the user to select a DevOps Center org. This tool must NOT be used for any non DevOps Center or Sandbox orgs.

**Input:**
- Either username (example devops-center@example.com) or alias (example myDevOpsOrg) is required.

Lists DevOps Center Projects available in the specified org using SOQL on DevopsProject.

**Output:**
An array of project records with fields such as Id, Name, Description.`,
      inputSchema: inputSchema.shape,
      outputSchema: undefined,
    };
  }

  public async exec(input: InputArgs): Promise<CallToolResult> {
    const startTime = Date.now();
    
    try {
      const connection = await this.services.getOrgService().getConnection(input.usernameOrAlias);
      
      const query = "SELECT Id, Name, Description FROM DevopsProject";
      const result = await connection.query(query);
      const projects = result.records ?? [];
      
      const executionTime = Date.now() - startTime;
      const projectCount = projects.length;
      
      this.services.getTelemetryService().sendEvent(TelemetryEventNames.LIST_PROJECTS, {
        success: true,
        projectCount,
        executionTimeMs: executionTime,
      });
      
      return {
        content: [{
          type: "text",
          text: JSON.stringify(projects, null, 2)
        }]
      };
    } catch (error: any) {
      const executionTime = Date.now() - startTime;
      
      this.services.getTelemetryService().sendEvent(TelemetryEventNames.LIST_PROJECTS, {
        success: false,
        error: error?.message || 'Unknown error',
        executionTimeMs: executionTime,
      });
      
      return {
        content: [{
          type: "text",
          text: `Error fetching projects: ${error?.message || error}`
        }],
        isError: true
      };
    }
  }
}
