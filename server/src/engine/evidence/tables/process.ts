// Running other programs: any effect at all, so a tool that does it is neither read-only nor proven safe.

/** Modules that start processes, and which of their exports do. `*` means every export. */
export const PROCESS_MODULES: Readonly<Record<string, readonly string[]>> = {
  child_process: ['exec', 'execSync', 'execFile', 'execFileSync', 'spawn', 'spawnSync', 'fork'],
  'node:child_process': ['exec', 'execSync', 'execFile', 'execFileSync', 'spawn', 'spawnSync', 'fork'],
  execa: ['*'],
  'cross-spawn': ['*'],
  zx: ['*'],
  shelljs: ['exec'],
};

export function isProcessCall(module: string, member: string | undefined): boolean {
  const members = PROCESS_MODULES[module];
  if (!members) return false;
  return members.includes('*') || (member !== undefined && members.includes(member));
}
