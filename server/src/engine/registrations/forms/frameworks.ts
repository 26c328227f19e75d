import ts from 'typescript';

/** `src/tools/get-user.ts` → `get-user`. */
export function fileStem(fileName: string): string {
  const base = fileName.slice(fileName.lastIndexOf('/') + 1);
  const dot = base.indexOf('.');
  return dot > 0 ? base.slice(0, dot) : base;
}
