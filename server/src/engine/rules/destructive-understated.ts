import { checkContradiction, evidencePhrase } from './contradiction';
import type { Rule } from './rule';

export const destructiveUnderstated: Rule = {
  id: 'destructive-understated',
  defaultSeverity: 'warning',
  docs: {
    what: '`destructiveHint: false` on a tool whose handler (or, when it cannot be seen through, inputs or name) deletes or overwrites.',
    why:
      'Hosts such as Claude always prompt before destructive tools and let additive ones through more easily. A tool that ' +
      'deletes files, drops rows, overwrites a file, sends an HTTP `DELETE` or `PUT`, or revokes access must say ' +
      'destructiveHint: true (the default). Request methods are read where the request is built, also a few calls away ' +
      '(`api(path, { method: "DELETE" })` into a helper that calls `fetch`). The method is followed through the project\'s own ' +
      'clients to the request: a method of a local client class (`client.update(…)` into `this.request("PATCH", …)`, also ' +
      'inherited from a base class or on a parameter typed with the class), an options object and its spreads ' +
      '(`this.request(path, { ...options, method: "PUT" })` into `fetch(url, { ...rest })`), a client handed to a tool ' +
      'module in an argument (`tool.handler(args, { client })` in a loop over tool definitions, then `extra.client.put(…)`), ' +
      'and a method chosen by a tool definition\'s field (`request(def.method, def.path)`). PUT and PATCH on an existing ' +
      'resource overwrite it; a body that forwards `deleted: true` flags deletes, whatever the method, and so does a POST to ' +
      'an endpoint whose path names the operation (`…/batch/update`, `/api/chat.delete`: its last word is `update`, ' +
      '`upsert`, `replace`, `overwrite` or a deleting verb). Tools declared as classes are followed into their class: a ' +
      'server that lists one instance per tool and answers tools/call with `toolMap.get(name).handleRequest(args)` (the ' +
      'class whose constructor or field holds the definition), or a loop that constructs the class a definition names ' +
      '(`new tool.handler()`); a base class\'s `this.process(args)` runs the subclass\'s method. Inputs count where they ' +
      'are written, also inside a body schema the project names (`RequestBody: Body$zodSchema`, with `overwrite` in it) ' +
      'when the handler cannot be seen through. Nothing is destroyed by writing a file under a name only the call makes ' +
      '(a timestamp and a random id, even in the caller\'s folder), by removing that scratch file again, or by writing back ' +
      'a file read with only a key it lacked added (`if (!state.siteId) { state.siteId = id; writeFile(file, JSON.stringify(state)) }`). ' +
      'A tool whose input switches between reading and ' +
      'deleting (`action: "list" | "delete"`) is as destructive as its worst branch: split such catch-all tools.\n\n' +
      '**Profiles.** The same in every profile: OpenAI\'s review also counts a tool destructive "in only select modes" as ' +
      'destructive, and says undo does not make a deletion non-destructive; the analysis never credits an undo.',
    examples: [
      {
        bad: `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nimport { rm } from "node:fs/promises";\nimport { z } from "zod";\n\nconst server = new McpServer({ name: "files", version: "1.0.0" });\n\nserver.registerTool(\n  "cleanup",\n  { inputSchema: { path: z.string() }, annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false } },\n  async ({ path }) => {\n    await rm(path, { recursive: true });\n    return { content: [{ type: "text", text: "removed" }] };\n  },\n);\n`,
        good: `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nimport { rm } from "node:fs/promises";\nimport { z } from "zod";\n\nconst server = new McpServer({ name: "files", version: "1.0.0" });\n\nserver.registerTool(\n  "cleanup",\n  { inputSchema: { path: z.string() }, annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: false } },\n  async ({ path }) => {\n    await rm(path, { recursive: true });\n    return { content: [{ type: "text", text: "removed" }] };\n  },\n);\n`,
      },
      {
        bad: "import { McpServer } from \"@modelcontextprotocol/sdk/server/mcp.js\";\nimport { z } from \"zod\";\n\nconst server = new McpServer({ name: \"flags\", version: \"1.0.0\" });\n\n// The project's own client: the method is given where the request is sent, two calls away from the tool.\nclass FlagsClient {\n  base = \"https://flags.example.com\";\n  put(path: string, options: Record<string, unknown> = {}) { return this.request(path, { ...options, method: \"PUT\" }); }\n  post(path: string, options: Record<string, unknown> = {}) { return this.request(path, { ...options, method: \"POST\" }); }\n  async request(path: string, options: Record<string, unknown>) {\n    const { headers: _ignored, ...rest } = options;\n    const res = await fetch(`${this.base}${path}`, { ...rest, headers: { \"content-type\": \"application/json\" } });\n    return res.json();\n  }\n}\nconst client = new FlagsClient();\n\n// PUT replaces the flag that was there.\nserver.registerTool(\n  \"update_flag\",\n  { inputSchema: { key: z.string(), on: z.boolean() }, annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false } },\n  async ({ key, on }) => {\n    await client.put(`/flags/${key}`, { body: JSON.stringify({ on }) });\n    return { content: [{ type: \"text\", text: \"updated\" }] };\n  },\n);\n",
        good: "import { McpServer } from \"@modelcontextprotocol/sdk/server/mcp.js\";\nimport { z } from \"zod\";\n\nconst server = new McpServer({ name: \"flags\", version: \"1.0.0\" });\n\nclass FlagsClient {\n  base = \"https://flags.example.com\";\n  put(path: string, options: Record<string, unknown> = {}) { return this.request(path, { ...options, method: \"PUT\" }); }\n  post(path: string, options: Record<string, unknown> = {}) { return this.request(path, { ...options, method: \"POST\" }); }\n  async request(path: string, options: Record<string, unknown>) {\n    const { headers: _ignored, ...rest } = options;\n    const res = await fetch(`${this.base}${path}`, { ...rest, headers: { \"content-type\": \"application/json\" } });\n    return res.json();\n  }\n}\nconst client = new FlagsClient();\n\n// The same client creating a flag: a POST only adds.\nserver.registerTool(\n  \"create_flag\",\n  { inputSchema: { key: z.string() }, annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false } },\n  async ({ key }) => {\n    await client.post(\"/flags\", { body: JSON.stringify({ key, on: false }) });\n    return { content: [{ type: \"text\", text: \"created\" }] };\n  },\n);\n",
      },
      {
        bad: "import { McpServer } from \"@modelcontextprotocol/sdk/server/mcp.js\";\nimport { z } from \"zod\";\n\nconst server = new McpServer({ name: \"crm\", version: \"1.0.0\" });\n\n// An RPC-style endpoint: the POST's path says it updates records that exist.\nserver.registerTool(\n  \"batch_update_contacts\",\n  { inputSchema: { inputs: z.array(z.object({ id: z.string(), properties: z.record(z.string(), z.string()) })) }, annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false } },\n  async ({ inputs }) => {\n    const res = await fetch(\"https://crm.example.com/v3/contacts/batch/update\", { method: \"POST\", body: JSON.stringify({ inputs }) });\n    return { content: [{ type: \"text\", text: await res.text() }] };\n  },\n);\n",
        good: "import { McpServer } from \"@modelcontextprotocol/sdk/server/mcp.js\";\nimport { z } from \"zod\";\n\nconst server = new McpServer({ name: \"crm\", version: \"1.0.0\" });\n\n// The same API creating records: a POST to `…/batch/create` only adds.\nserver.registerTool(\n  \"batch_create_contacts\",\n  { inputSchema: { inputs: z.array(z.object({ properties: z.record(z.string(), z.string()) })) }, annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false } },\n  async ({ inputs }) => {\n    const res = await fetch(\"https://crm.example.com/v3/contacts/batch/create\", { method: \"POST\", body: JSON.stringify({ inputs }) });\n    return { content: [{ type: \"text\", text: await res.text() }] };\n  },\n);\n",
      },
    ],
  },
  check(context) {
    return checkContradiction(context, 'destructiveHint', false, evidencePhrase);
  },
};
