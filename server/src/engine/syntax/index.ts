// The syntax layer as other layers see it: the only module of this folder they import.
export { boundMethodOf, callArguments, callsIn, destructuredMethodOf, functionCallMethod, isFunctionCall, listedCallNames } from './calls';
export { keptEnds, reparse, textChangeRange, type TextSince } from './incremental';
export { fileLineMention, fileMention, lineMention, lineMentionsOf } from './line-mention';
export { isSourceFile, parseSource } from './parse';
export { type BindingStep, type Declaration, findDeclaration, implementationOf, propertyNameText, skipOuterExpressions } from './scope';
export { lineColumn } from './lines';
export { nodeAt } from './node-at';
export { importedExpression, importOf, importsFrom, isImportedFrom } from './imports';
export { compilerHelperName, loweredNullish, type LoweredNullish } from './lowered';
export { attachFileIndex, FileIndex, fileIndexOf, fileIndexOfNode, type Lifetime, type Table, table, TABLES } from './file-index';
export { callMutation, MUTATING_METHODS, type Mutation, outermost, referenceFlags, type ReferenceFlags, type WriteKind, writeAt, writtenRootName, writtenTargets, type WrittenTarget } from './writes';
