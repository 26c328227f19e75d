/*
 * Copyright 2026, Salesforce, Inc.
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */

import { McpServer, RegisteredTool, ToolCallback } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  CallToolResult,
  Implementation,
  ServerNotification,
  ServerRequest,
  ToolAnnotations,
} from '@modelcontextprotocol/sdk/types.js';
import { ServerOptions } from '@modelcontextprotocol/sdk/server/index.js';
import { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { Logger } from '@salesforce/core';
import { ZodRawShape } from 'zod';
import { Telemetry } from './telemetry.js';
import { RateLimiter, RateLimitConfig, createRateLimiter } from './utils/rate-limiter.js';

type ToolMethodSignatures = {
  tool: McpServer['tool'];
  connect: McpServer['connect'];
  registerTool: McpServer['registerTool'];
};

/**
 * Extended server options that include telemetry and rate limiting
 */
export type SfMcpServerOptions = ServerOptions & {
  /** Optional telemetry instance for tracking server events */
  telemetry?: Telemetry;
  /** Optional rate limiting configuration */
  rateLimit?: Partial<RateLimitConfig>;
};

/**
 * A server implementation that extends the base MCP server with telemetry and rate limiting capabilities.
 *
 * The method overloads for `tool` are taken directly from the source code for the original McpServer. They're
 * copied here so that the types don't get lost.
 *
 * @extends {McpServer}
 */
export class SfMcpServer extends McpServer implements ToolMethodSignatures {
  private logger = Logger.childFromRoot('mcp-server');

  /** Optional telemetry instance for tracking server events */
  private telemetry?: Telemetry;

  /** Rate limiter for controlling tool call frequency */
  private rateLimiter?: RateLimiter;

  /**
   * Creates a new SfMcpServer instance
   *
   * @param {Implementation} serverInfo - The server implementation details
   * @param {SfMcpServerOptions} [options] - Optional server configuration including telemetry and rate limiting
   */
  public constructor(serverInfo: Implementation, options?: SfMcpServerOptions) {
    super(serverInfo, options);
    this.telemetry = options?.telemetry;
    // Initialize rate limiter if configuration is provided
    if (options?.rateLimit !== undefined) {
      this.rateLimiter = createRateLimiter(options.rateLimit);
      this.logger.debug('Rate limiter initialized', options.rateLimit);
    }
    this.server.oninitialized = (): void => {
      const clientInfo = this.server.getClientVersion();
      if (clientInfo) {
        this.telemetry?.addAttributes({
          clientName: clientInfo.name,
          clientVersion: clientInfo.version,
        });
      }
      this.telemetry?.sendEvent('SERVER_START_SUCCESS');
    };
  }

  public registerTool<InputArgs extends ZodRawShape, OutputArgs extends ZodRawShape>(
    name: string,
    config: {
      title?: string;
      description?: string;
      inputSchema?: InputArgs;
      outputSchema?: OutputArgs;
      annotations?: ToolAnnotations;
    },
    cb: ToolCallback<InputArgs>
  ): RegisteredTool {
    const wrappedCb = async (
      args: InputArgs,
      extra: RequestHandlerExtra<ServerRequest, ServerNotification>
    ): Promise<CallToolResult> => {
      this.logger.debug(`Tool ${name} called`);

      // Check rate limit before executing tool
      if (this.rateLimiter) {
        const rateLimitResult = this.rateLimiter.checkLimit();

        if (!rateLimitResult.allowed) {
          this.logger.warn(`Tool ${name} rate limited. Retry after: ${rateLimitResult.retryAfter ?? 0}ms`);

          this.telemetry?.sendEvent('TOOL_RATE_LIMITED', {
            name,
            retryAfter: rateLimitResult.retryAfter,
            remaining: rateLimitResult.remaining,
          });

          return {
            isError: true,
            content: [
              {
                type: 'text',
                text: `Rate limit exceeded. Too many tool calls. Please wait ${Math.ceil(
                  (rateLimitResult.retryAfter ?? 0) / 1000
                )} seconds before trying again.`,
              },
            ],
          };
        }

        this.logger.debug(`Tool ${name} rate check passed. Remaining: ${rateLimitResult.remaining}`);
      }

      const startTime = Date.now();
      const result = await cb(args, extra);
      const runtimeMs = Date.now() - startTime;

      this.logger.debug(`Tool ${name} completed in ${runtimeMs}ms`);
      if (result.isError) this.logger.debug(`Tool ${name} errored`);

      // Calculate response character count for token usage (never let telemetry instrumentation fail a tool call)
      let responseCharCount = 0;
      try {
        responseCharCount = this.calculateResponseCharCount(result);
      } catch (err) {
        // never let telemetry instrumentation fail a tool call
      }

      this.telemetry?.sendEvent('TOOL_CALLED', {
        name,
        runtimeMs,
        // `isError`:
        // Whether the tool call ended in an error.
        //
        // If not set, this is assumed to be false (the call was successful).
        //
        // https://modelcontextprotocol.io/specification/2025-06-18/schema#calltoolresult
        isError: result.isError ?? false,
        responseCharCount: responseCharCount.toString(),
      });

      this.telemetry?.sendPdpEvent({
        eventName: 'salesforceMcp.executed',
        productFeatureId: 'aJCEE0000007Uiv4AE',  // DX MCP Server
        componentId: name, // MCP tool name
      });

      return result;
    };

    const tool = super.registerTool(name, config, wrappedCb as ToolCallback<InputArgs>);
    return tool;
  }

  /**
   * Calculates the total character count from tool result content and structured output.
   * Used for token usage. Accounts for both:
   * - content: text (and other) content items
   * - structuredContent: structured tool output when the tool defines an outputSchema
   *
   * @see https://modelcontextprotocol.io/specification/2025-11-25/server/tools#output-schema
   * @param result - The CallToolResult from tool execution
   * @returns Total character count across text content and structured content
   */
  private calculateResponseCharCount(result: CallToolResult): number {
    let total = 0;

    // Plain text (and other) content items
    if (result.content && Array.isArray(result.content)) {
      total += result.content
        .filter((item): item is { type: 'text'; text: string } => item.type === 'text')
        .reduce((sum, item) => sum + item.text.length, 0);
    }

    // Structured content (JSON object per outputSchema)
    const structured = (result as CallToolResult & { structuredContent?: unknown }).structuredContent;
    if (structured !== undefined && structured !== null && typeof structured === 'object') {
      try {
        total += JSON.stringify(structured).length;
      } catch {
        // ignore serialization errors
      }
    }

    return total;
  }
}
