// A small notes server: the example `npm start` checks. Each tool shows one thing mcp-hints reports.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { readFile, rm, writeFile } from "node:fs/promises";
import { z } from "zod";
import { READ_ONLY_LOCAL, WRITES_LOCAL } from "./annotations.js";

const server = new McpServer({ name: "notes", version: "1.0.0" });
const NOTES_DIR = "./notes";

// Honest and complete: nothing to report.
server.registerTool(
  "read_note",
  {
    title: "Read note",
    description: "Read one note",
    inputSchema: { id: z.string() },
    annotations: { ...READ_ONLY_LOCAL },
  },
  async ({ id }) => ({ content: [{ type: "text", text: await readFile(`${NOTES_DIR}/${id}.md`, "utf8") }] }),
);

// No annotations: hosts treat it as the most dangerous kind of tool.
server.registerTool(
  "delete_note",
  {
    title: "Delete note",
    description: "Delete a note for good",
    inputSchema: { id: z.string() },
  },
  async ({ id }) => {
    await rm(`${NOTES_DIR}/${id}.md`);
    return { content: [{ type: "text", text: "deleted" }] };
  },
);

// A misspelled hint is dropped by the SDK: the tool is not read-only to any host.
const searchAnnotations = { readonlyHint: true, openWorldHint: false };
server.registerTool(
  "search_notes",
  { title: "Search notes", description: "Full-text search", inputSchema: { query: z.string() }, annotations: searchAnnotations },
  async ({ query }) => ({ content: [{ type: "text", text: `results for ${query}` }] }),
);

// Spread and override; destructiveHint on a write that only adds.
server.registerTool(
  "create_note",
  {
    title: "Create note",
    description: "Create a note",
    inputSchema: { id: z.string(), body: z.string() },
    annotations: { ...WRITES_LOCAL, idempotentHint: false },
  },
  async ({ id, body }) => {
    await writeFile(`${NOTES_DIR}/${id}.md`, body, { flag: "wx" });
    return { content: [{ type: "text", text: "created" }] };
  },
);

// The deprecated tool() API, with hints nested where the SDK never reads them.
server.tool(
  "export_notes",
  "Export all notes as one file",
  {},
  { title: "Export notes", annotations: { readOnlyHint: true } },
  async () => ({ content: [{ type: "text", text: "exported" }] }),
);

await server.connect(new StdioServerTransport());
