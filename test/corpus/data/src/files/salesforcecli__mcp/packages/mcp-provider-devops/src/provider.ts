import { McpProvider, McpTool, Services } from "@salesforce/mcp-provider-api";
import { SfDevopsListProjects } from "./tools/sfDevopsListProjects.js";
import { SfDevopsListWorkItems } from "./tools/sfDevopsListWorkItems.js";
import { SfDevopsPromoteWorkItem } from "./tools/sfDevopsPromoteWorkItem.js";
import { SfDevopsDetectConflict } from "./tools/sfDevopsDetectConflict.js";
import { SfDevopsResolveConflict } from "./tools/sfDevopsResolveConflict.js";
import { SfDevopsResolveDeploymentFailure } from "./tools/sfDevopsResolveDeploymentFailure.js";
import { CheckCommitStatus } from "./tools/checkCommitStatus.js";
import { CreatePullRequest } from "./tools/createPullRequest.js";
import { SfDevopsCheckoutWorkItem } from "./tools/sfDevopsCheckoutWorkItem.js";
import { SfDevopsCommitWorkItem } from "./tools/sfDevopsCommitWorkItem.js";
import { SfDevopsUpdateWorkItemStatus } from "./tools/sfDevopsUpdateWorkItemStatus.js";
import { SfDevopsCreateWorkItem } from "./tools/sfDevopsCreateWorkItem.js";

/**
 * DevOps MCPProvider for DevOps tools and operations
 */
export class DevOpsMcpProvider extends McpProvider {
  public getName(): string {
    return "DevOpsMcpProvider";
  }

  public provideTools(services: Services): Promise<McpTool[]> {
    const telemetryService = services.getTelemetryService();
    return Promise.resolve([
      new SfDevopsListProjects(services),
      new SfDevopsListWorkItems(services),
      new SfDevopsCreateWorkItem(services),
      new SfDevopsPromoteWorkItem(services),
      new SfDevopsDetectConflict(services),
      new SfDevopsResolveConflict(services),
      new SfDevopsResolveDeploymentFailure(services),

      new SfDevopsCheckoutWorkItem(services),
      new SfDevopsCommitWorkItem(services),
      new SfDevopsUpdateWorkItemStatus(services),

      new CheckCommitStatus(services),
      new CreatePullRequest(services),
    ]);
  }

}