import { checkContradiction, evidencePhrase } from './contradiction';
import type { Rule } from './rule';

export const readOnlyContradicted: Rule = {
  id: 'read-only-contradicted',
  defaultSeverity: 'warning',
  docs: {
    what: '`readOnlyHint: true` on a tool whose handler, inputs or (when the handler cannot be seen through) name show a write.',
    why:
      'readOnlyHint: true removes the human gate in VS Code, Claude, Claude Code, Cursor and ChatGPT: the call runs without ' +
      'confirmation. A tool that writes, deletes, sends or runs a process must not claim it. Calls are followed into helpers ' +
      'across modules (compiled `dist/` included) and the message shows the chain: tool → helper → effect. The handler and ' +
      'inputs are strong evidence; the name alone counts only when no handler can be seen. Running a process, a POST, or ' +
      'changing a module-level cache is not reported on its own (it may only read). Incidental writes never count: a log or ' +
      'telemetry record, a temp file, a cache, code that runs only in development; the hover lists them, marked incidental. ' +
      'In-process state that other code reads later is a store, and writing it counts.\n\n' +
      '**What is recognised as a write.** *Paths from the arguments*: a file written where the caller says ' +
      '(`writeFile(join(outDir, args.filename))`, a `saveTo` option, a default the caller can override), followed through ' +
      'helpers and their parameters, is a write to the caller\'s workspace; a file the server names itself (a timestamp, a ' +
      'random id) under its own or the temp folder stays incidental. *Inputs that carry the operation*: an input that reaches ' +
      'a query, a pipeline or a command line unchanged (`pool.query(args.sql)`, `aggregate(pipeline)`, `exec(command)`) may ' +
      'write or destroy, whatever the tool is called, unless a restriction is visible on the way (a statement check, a ' +
      'read-only transaction, a stage filter, a read-only mode on by default); the message says which restriction would make ' +
      'the claim honest. *Side objects*: a "connect" or "get" tool that creates a user, a credential, a key or an ' +
      'access-list entry on the way (`createDatabaseUser(…)`, a POST to `/accessList`) writes. *HTTP methods* are read where ' +
      'the request is sent, through the project\'s own clients (see destructive-understated). The quick fix writes what the ' +
      'evidence supports: `readOnlyHint: false`, and `destructiveHint: true` when the write deletes or overwrites.\n\n' +
      '**Profiles.** `spec` and `claude` follow the spec ("does not modify its environment"). `chatgpt` follows OpenAI\'s ' +
      'review definitions: writing logs or temp files and saving artifacts is not read-only, so a log file the tool writes ' +
      'is reported there (caches and telemetry pings are not). A tool whose input switches it between reading and writing ' +
      'is as dangerous as its worst branch in every profile.',
    examples: [
      {
        bad: `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nimport { writeFile } from "node:fs/promises";\nimport { z } from "zod";\n\nconst server = new McpServer({ name: "notes", version: "1.0.0" });\n\nserver.registerTool(\n  "save_note",\n  { inputSchema: { text: z.string() }, annotations: { readOnlyHint: true } },\n  async ({ text }) => {\n    await writeFile("notes.txt", text);\n    return { content: [{ type: "text", text: "saved" }] };\n  },\n);\n`,
        good: `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nimport { writeFile } from "node:fs/promises";\nimport { z } from "zod";\n\nconst server = new McpServer({ name: "notes", version: "1.0.0" });\n\nserver.registerTool(\n  "save_note",\n  { inputSchema: { text: z.string() }, annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false } },\n  async ({ text }) => {\n    await writeFile("notes.txt", text);\n    return { content: [{ type: "text", text: "saved" }] };\n  },\n);\n`,
      },
      {
        bad: "import { McpServer } from \"@modelcontextprotocol/sdk/server/mcp.js\";\nimport { writeFile } from \"node:fs/promises\";\nimport { join } from \"node:path\";\nimport { z } from \"zod\";\n\nconst server = new McpServer({ name: \"reports\", version: \"1.0.0\" });\n\n// The file name comes from the caller, two calls down: the tool writes into the caller's workspace.\nasync function save(dir: string, name: string, text: string) {\n  await writeFile(join(dir, name), text);\n}\n\nserver.registerTool(\n  \"export_report\",\n  { inputSchema: { outDir: z.string(), filename: z.string() }, annotations: { readOnlyHint: true } },\n  async ({ outDir, filename }) => {\n    await save(outDir, filename, \"report\");\n    return { content: [{ type: \"text\", text: \"exported\" }] };\n  },\n);\n",
        good: "import { McpServer } from \"@modelcontextprotocol/sdk/server/mcp.js\";\nimport { writeFile } from \"node:fs/promises\";\nimport { tmpdir } from \"node:os\";\nimport { join } from \"node:path\";\nimport { z } from \"zod\";\n\nconst server = new McpServer({ name: \"reports\", version: \"1.0.0\" });\n\n// A scratch file the server names itself, under the temp folder: incidental, the tool still only reads.\nserver.registerTool(\n  \"preview_report\",\n  { inputSchema: { title: z.string() }, annotations: { readOnlyHint: true, openWorldHint: false } },\n  async ({ title }) => {\n    const file = join(tmpdir(), `preview-${Date.now()}.html`);\n    await writeFile(file, `<h1>${title}</h1>`);\n    return { content: [{ type: \"text\", text: file }] };\n  },\n);\n",
      },
      {
        bad: "import { McpServer } from \"@modelcontextprotocol/sdk/server/mcp.js\";\nimport { Pool } from \"pg\";\nimport { z } from \"zod\";\n\nconst server = new McpServer({ name: \"db\", version: \"1.0.0\" });\nconst pool = new Pool();\n\n// The caller's statement reaches the database unchanged: it may be an UPDATE or a DROP.\nserver.registerTool(\n  \"run_query\",\n  { inputSchema: { sql: z.string() }, annotations: { readOnlyHint: true } },\n  async ({ sql }) => {\n    const result = await pool.query(sql);\n    return { content: [{ type: \"text\", text: JSON.stringify(result.rows) }] };\n  },\n);\n",
        good: "import { McpServer } from \"@modelcontextprotocol/sdk/server/mcp.js\";\nimport { Pool } from \"pg\";\nimport { z } from \"zod\";\n\nconst server = new McpServer({ name: \"db\", version: \"1.0.0\" });\nconst pool = new Pool();\n\n// A visible restriction on the way: only SELECT statements get through.\nserver.registerTool(\n  \"run_query\",\n  { inputSchema: { sql: z.string() }, annotations: { readOnlyHint: true } },\n  async ({ sql }) => {\n    if (!/^\\s*select\\b/i.test(sql)) throw new Error(\"only SELECT statements are allowed\");\n    const result = await pool.query(sql);\n    return { content: [{ type: \"text\", text: JSON.stringify(result.rows) }] };\n  },\n);\n",
      },
      {
        bad: "import { McpServer } from \"@modelcontextprotocol/sdk/server/mcp.js\";\nimport { z } from \"zod\";\n\nconst server = new McpServer({ name: \"cloud\", version: \"1.0.0\" });\nconst API = \"https://cloud.example.com/api/v2\";\n\n// Reading the cluster first adds the caller's address to its access list: a side object created on the way.\nserver.registerTool(\n  \"get_cluster\",\n  { inputSchema: { group: z.string(), ip: z.string() }, annotations: { readOnlyHint: true } },\n  async ({ group, ip }) => {\n    await fetch(`${API}/groups/${group}/accessList`, { method: \"POST\", body: JSON.stringify([{ ipAddress: ip }]) });\n    const res = await fetch(`${API}/groups/${group}/clusters`);\n    return { content: [{ type: \"text\", text: await res.text() }] };\n  },\n);\n",
        good: "import { McpServer } from \"@modelcontextprotocol/sdk/server/mcp.js\";\nimport { z } from \"zod\";\n\nconst server = new McpServer({ name: \"cloud\", version: \"1.0.0\" });\nconst API = \"https://cloud.example.com/api/v2\";\n\n// A POST for a login token is no side object: the tool still only reads.\nserver.registerTool(\n  \"get_cluster\",\n  { inputSchema: { group: z.string() }, annotations: { readOnlyHint: true } },\n  async ({ group }) => {\n    const auth = await fetch(`${API}/oauth/token`, { method: \"POST\", body: \"grant_type=client_credentials\" });\n    const { access_token } = await auth.json();\n    const res = await fetch(`${API}/groups/${group}/clusters`, { headers: { authorization: `Bearer ${access_token}` } });\n    return { content: [{ type: \"text\", text: await res.text() }] };\n  },\n);\n",
      },
    ],
  },
  check(context) {
    return checkContradiction(context, 'readOnlyHint', true, evidencePhrase);
  },
};
