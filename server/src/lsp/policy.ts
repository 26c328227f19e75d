// The project config (.mcp-hints.json / .jsonc) for each document, found and parsed by the engine exactly as
// the CLI does, cached per folder until a config file changes (watched files). A bad config is shown as a
// diagnostic on the config file, at its line and column, and the documents fall back to the defaults.

import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DiagnosticSeverity, type Connection, type Diagnostic } from 'vscode-languageserver/node';
import { CONFIG_FILE_NAMES, loadConfig, type ConfigHost, type LoadedConfig } from '../engine';
import { knownFindingIds } from '../engine';
import { SOURCE } from './diagnostics';

/** Glob of the files that change the policy (for file watchers). */
export const CONFIG_GLOB = `**/{${CONFIG_FILE_NAMES.join(',')}}`;

export function isConfigFile(path: string): boolean {
  return (CONFIG_FILE_NAMES as readonly string[]).some((name) => path.endsWith(`/${name}`) || path.endsWith(`\\${name}`));
}

export class PolicyStore {
  private readonly byFolder = new Map<string, LoadedConfig>();
  /** Config files whose diagnostics the client currently shows. */
  private readonly shown = new Set<string>();

  constructor(
    private readonly host: ConfigHost,
    private readonly connection: Connection,
  ) {}

  /** The config in force in `folder` (the nearest config file up to the repository root). */
  forFolder(folder: string): LoadedConfig {
    let loaded = this.byFolder.get(folder);
    if (!loaded) {
      loaded = loadConfig(folder, this.host, knownFindingIds());
      this.byFolder.set(folder, loaded);
      if (loaded.path) this.show(loaded);
    }
    return loaded;
  }

  forFile(path: string): LoadedConfig {
    return this.forFolder(dirname(path));
  }

  /** A config file was created, changed or deleted: forget every cached lookup and show its state now. */
  changed(configPath: string): void {
    this.byFolder.clear();
    if (this.host.isFile(configPath)) this.show(loadConfig(dirname(configPath), this.host, knownFindingIds(), configPath));
    else this.clearShown(configPath);
  }

  private show(loaded: LoadedConfig): void {
    const path = loaded.path!;
    if (!loaded.error) {
      this.clearShown(path);
      return;
    }
    const text = this.host.readFile(path) ?? '';
    const doc = TextDocument.create(pathToFileURL(path).href, 'jsonc', 0, text);
    const start = doc.positionAt(loaded.error.offset);
    const end = doc.positionAt(loaded.error.offset + Math.max(loaded.error.length, 1));
    const diagnostic: Diagnostic = {
      range: { start, end },
      severity: DiagnosticSeverity.Error,
      source: SOURCE,
      message: `${loaded.error.message}. mcp-hints uses its defaults until this is fixed.`,
    };
    this.shown.add(path);
    void this.connection.sendDiagnostics({ uri: doc.uri, diagnostics: [diagnostic] });
  }

  private clearShown(path: string): void {
    if (!this.shown.delete(path)) return;
    void this.connection.sendDiagnostics({ uri: pathToFileURL(path).href, diagnostics: [] });
  }
}
