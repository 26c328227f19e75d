// One analysis's reading of evidence: the tools of one registration file, read through one file reader, share it.
// It owns the facts that hold for that analysis only (they were module-level WeakMaps keyed by the evaluator):
// a helper every tool of the file calls is evaluated once, and a relative import is resolved once. collect.ts keeps
// one per registration file and reader in the file index ('analysis' lifetime), so a new analysis starts anew.
import type ts from 'typescript';
import { Evaluator, type SourceProvider } from '../values';
import type { ClassInFile, InstanceMethod } from './instances';
import type { Body } from './recogniser';

export class EvidenceSession {
  /** Files read for the tool being read now (a file its helpers share is listed where it is first read). */
  files = new Set<string>();
  readonly sources: SourceProvider;
  /** Each callee node the walk evaluated, and the function it stands for (null: none to follow). */
  readonly calleeFunctions = new Map<ts.Node, Body | null>();
  /** Each `receiver.method` callee the walk looked up on an instance of a local class, and the method (null: none). */
  readonly instanceMethods = new Map<ts.Node, InstanceMethod | null>();
  /** The local class each variable or parameter receiver (by its declaration) is an instance of (null: none). */
  readonly receiverClasses = new Map<ts.Node, ClassInFile | null>();
  /** Whether a relative import (`file\0specifier`) names a readable file. */
  readonly resolvedImports = new Map<string, boolean>();
  private evaluatorMade: Evaluator | undefined;

  constructor(registrationSf: ts.SourceFile, sourceFileOf: (file: string) => ts.SourceFile | undefined) {
    this.sources = {
      getSourceFile: (path) => {
        if (path === registrationSf.fileName) return registrationSf;
        const sf = sourceFileOf(path);
        if (sf) this.files.add(path);
        return sf;
      },
    };
  }

  /**
   * The evaluator evidence reads values with. Its caches are memos over the parsed trees, which the session's
   * reader never changes, so the helpers and constants the tools share are evaluated once.
   */
  get evaluator(): Evaluator {
    return (this.evaluatorMade ??= new Evaluator(this.sources, new Set(), false));
  }
}
