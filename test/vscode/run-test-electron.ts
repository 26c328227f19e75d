// The standard @vscode/test-electron launcher for the integration suite, for machines that can download
// VS Code (this project's CI cannot; there the same suite runs in code-server: test/vscode/code-server.test.ts).
//
//   npx tsx test/vscode/run-test-electron.ts            # latest stable VS Code
//   VSCODE_VERSION=1.91.0 npx tsx test/vscode/run-test-electron.ts
import { rmSync } from 'node:fs';
import { runTests } from '@vscode/test-electron';
import { REPO_ROOT, buildExtensionIfStale, buildSuite, makeWorkspace } from './editors';

async function main(): Promise<void> {
  buildExtensionIfStale();
  const extensionTestsPath = await buildSuite();
  const workspace = makeWorkspace();
  try {
    const exitCode = await runTests({
      version: process.env.VSCODE_VERSION ?? 'stable',
      extensionDevelopmentPath: REPO_ROOT,
      extensionTestsPath,
      // Other installed extensions stay off; the one under development is still loaded.
      launchArgs: [workspace, '--disable-extensions', '--disable-workspace-trust', '--skip-welcome', '--skip-release-notes'],
    });
    process.exitCode = exitCode;
  } finally {
    rmSync(workspace, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error('VS Code integration tests failed:', error);
  process.exit(1);
});
