// `mcp-hints/verify`: runs the folder's `mcp-hints.verify.command` and compares its tools/list with the static
// reading of the folder, exactly as `mcp-hints verify` does on the command line. The client sends this request
// only from a trusted workspace (the command runs workspace code); the setting is restricted in untrusted ones.
import { isAbsolute, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { UsageError } from '../cli/args';
import { DEFAULT_TIMEOUT_MS } from '../cli/verify/args';
import { verifyProject } from '../cli/verify/verify';
import type { VerifyResult, VerifyTool } from './protocol';

const silent = { write: () => true };

export async function verifyFolder(folder: string, command: string[] | null, env: Record<string, string | undefined>): Promise<VerifyResult> {
  const folderUri = pathToFileURL(folder).href;
  if (!command) {
    return {
      ok: false, folderUri, command: null, kind: 'not-configured', stderrTail: [],
      message: 'Set mcp-hints.verify.command to the command that starts this MCP server over stdio: an array of words such as ["node", "dist/index.js"], or one string without pipes or redirections.',
    };
  }
  let result;
  try {
    result = await verifyProject({ paths: ['.'], server: command, timeoutMs: DEFAULT_TIMEOUT_MS }, { cwd: folder, env, stdout: silent, stderr: silent });
  } catch (error) {
    if (error instanceof UsageError) return { ok: false, folderUri, command, kind: 'usage', message: error.message, stderrTail: [] };
    throw error;
  }
  if (!result.ok) return { ok: false, folderUri, command, kind: result.kind, message: result.message, stderrTail: result.stderrTail };
  const tools: VerifyTool[] = result.comparison.tools.map((t) => {
    const path = t.file === null ? null : isAbsolute(t.file) ? t.file : join(folder, t.file);
    // The CLI's records carry the line only: the row points at the start of that line.
    const line = Math.max(0, (t.line ?? 1) - 1);
    return {
      name: t.name,
      status: t.status,
      uri: path === null ? null : pathToFileURL(path).href,
      range: path === null ? null : { start: { line, character: 0 }, end: { line, character: 0 } },
      static: t.static,
      runtime: t.runtime,
      differences: t.differences,
      sources: t.unresolvedSources ?? {},
    };
  });
  return {
    ok: true, folderUri, command, server: result.output.server, tools, counts: result.comparison.counts,
    unnamed: result.comparison.unnamed.length, skippedLines: result.skippedLines,
  };
}
