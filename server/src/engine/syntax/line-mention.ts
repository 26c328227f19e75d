// Texts the engine writes into its results name lines of the analysed file in one way, made here, so the tool
// cache can tell which kept results a line break above them makes stale (tool-cache.ts recomputes those).

/** "line 12": how a message or reason names a line (1-based) of the file being analysed. */
export function lineMention(line: number): string {
  return `line ${line}`;
}

/** Whether a text may name a line as `lineMention` writes it (user text that looks alike only costs a recompute). */
export function mentionsLine(text: string): boolean {
  return /\bline \d/.test(text);
}
