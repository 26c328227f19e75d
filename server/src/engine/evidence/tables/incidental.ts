// Bookkeeping: writes that are not the tool's effect as its user sees it (logs, temp files, caches, code that runs
// only while developing). Such evidence is shown, marked incidental, and never weighed.
import ts from 'typescript';
import { findDeclaration, skipOuterExpressions } from '../../syntax';
import { fromArguments, generatedName } from '../arguments';
import { identifierNodes, identifiersIn, isModuleLevel, literalText } from '../nodes';
import type { IncidentalReason } from '../model';
import type { Walk } from '../recogniser';

const TEMP_FILE: IncidentalReason = { kind: 'temp-file' };

/** Functions whose writes are bookkeeping, not the tool's effect: loggers, caches, telemetry. */
export const INCIDENTAL_FUNCTION = /(?:^|[a-z_])(?:log|logs|logger|debug|trace|cache|cached|memo|memoize|telemetry|metrics?|analytics|track)(?:[A-Z_]|$)|^(?:log|debug|trace|cache)/i;
/** Paths and module state that are bookkeeping: temp files, logs, caches. */
const INCIDENTAL_PATH = /\btmp\b|\btemp\b|tmpdir|\.log\b|\blogs?\b|\bcache\b|\.cache\b/i;
export const INCIDENTAL_STATE = /cache|cached|memo|seen|pending|inflight|in_flight|promise$|^_?client$|instance$/i;
/** Conditions that only hold while developing (`process.env.NODE_ENV === "development"`, `DEBUG`). */
const DEBUG_GUARD = /NODE_ENV\s*===?\s*["'`]development|\bDEBUG\b|\bVERBOSE\b/;

/** Why a written path is bookkeeping: under the temp directory, a log file, a cache. Undefined: it may be the tool's effect. */
export function incidentalPath(walk: Walk, arg: ts.Expression, sf: ts.SourceFile, depth = 0): IncidentalReason | undefined {
  if (depth > 3) return undefined;
  const inner = skipOuterExpressions(arg);
  // A path from the tool's arguments (through the helpers followed, or a default the caller can override) is what
  // the user asked for (an artifact), whatever its name.
  // An argument only in a name the server makes unique (`replay_${args.id}_${Date.now()}.json`) under its own
  // folder chooses nothing: the server still owns the file.
  if (depth === 0 && fromArguments(walk, inner) && (fromArguments(walk, folderOf(inner)) || !generatedName(inner, sf))) return undefined;
  const text = inner.getText(sf);
  if (/tmpdir\(\)|\bos\.tmpdir|mkdtemp/i.test(text)) return TEMP_FILE;
  const literal = literalText(inner, sf, true);
  const mentioned = [literal ?? '', ...identifiersIn(inner)].join(' ');
  const match = INCIDENTAL_PATH.exec(mentioned);
  if (match && walk.toolWords.some((word) => match[0].toLowerCase().includes(word) || word.startsWith(match[0].replace(/\W/g, '').toLowerCase()))) return undefined;
  if (match) return /tmp|temp/i.test(match[0]) ? TEMP_FILE : /log/i.test(match[0]) ? { kind: 'log-file' } : { kind: 'cache-file' };
  // A local computed from another (`const file = join(dir, name)`): look at what it is made of.
  for (const id of identifierNodes(inner)) {
    const decl = findDeclaration(id.text, id);
    if (decl?.kind === 'variable' && decl.declaration.initializer && decl.path?.length === 0) {
      const found = incidentalPath(walk, decl.declaration.initializer, sf, depth + 1);
      if (found) return found;
    }
  }
  // `join(OUTPUT_DIR, \`shot-${Date.now()}.png\`)`: a name no caller chose, in a folder the server chose.
  if (depth === 0 && generatedName(inner, sf)) return { kind: 'generated-file' };
  return undefined;
}

/** The folder part of a path expression: `dir` in `join(dir, name)`, in \`${dir}/${name}\`, through locals. */
function folderOf(expr: ts.Expression, depth = 0): ts.Expression {
  const inner = skipOuterExpressions(expr);
  if (depth > 4) return inner;
  if (ts.isCallExpression(inner) && inner.arguments[0]) {
    const callee = skipOuterExpressions(inner.expression);
    const name = ts.isPropertyAccessExpression(callee) ? callee.name.text : ts.isIdentifier(callee) ? callee.text : '';
    if (/^(?:join|resolve)$/.test(name)) return folderOf(inner.arguments[0], depth + 1);
  }
  if (ts.isTemplateExpression(inner) && inner.head.text === '') return folderOf(inner.templateSpans[0].expression, depth + 1);
  if (ts.isBinaryExpression(inner) && inner.operatorToken.kind === ts.SyntaxKind.PlusToken) return folderOf(inner.left, depth + 1);
  if (ts.isIdentifier(inner)) {
    const decl = findDeclaration(inner.text, inner);
    if (decl?.kind === 'variable' && decl.path.length === 0 && decl.declaration.initializer && !isModuleLevel(decl.declaration)) return folderOf(decl.declaration.initializer, depth + 1);
  }
  return inner;
}

/**
 * Making or marking a folder or binary the server chose (`mkdir(configDir, { recursive: true })`,
 * `chmod(rgPath, 0o755)`): its own set-up, unless the path comes from the arguments.
 */
export function ownSetUp(walk: Walk, arg: ts.Expression): IncidentalReason | undefined {
  return fromArguments(walk, skipOuterExpressions(arg)) ? undefined : { kind: 'own-folder' };
}

/**
 * Removing a file the server named itself (`unlink(tmpFile)` where `tmpFile = join(tmpdir(), \`x-${Date.now()}\`)`):
 * cleaning up its own scratch file, never something of the caller's.
 */
export function ownScratchRemoval(walk: Walk, arg: ts.Expression, sf: ts.SourceFile): IncidentalReason | undefined {
  const inner = skipOuterExpressions(arg);
  // `rm(join(args.dir, \`deploy-${Date.now()}-${randomUUID()}.zip\`))`: in the caller's folder, but under a name only
  // this call could have made: the tool's own scratch file.
  if (freshName(walk, inner, sf)) return incidentalPath(walk, inner, sf) ?? { kind: 'scratch-file' };
  if (fromArguments(walk, inner) || !generatedName(inner, sf)) return undefined;
  return incidentalPath(walk, inner, sf) ?? { kind: 'generated-file' };
}

/**
 * Is the file name in a path (its last part: the last argument of `join`/`resolve`, through locals) one the server
 * makes unique itself (a timestamp, a random id) with nothing from the arguments? Such a file did not exist before
 * this call: writing it overwrites nothing, removing it removes only what the call made.
 */
export function freshName(walk: Walk, expr: ts.Expression, sf: ts.SourceFile): boolean {
  const name = nameOf(walk, expr);
  return name !== undefined && generatedName(name, name.getSourceFile()) && !fromArguments(walk, name);
}

/**
 * The last part of a path expression: `name` in `join(dir, name)` or `resolve(dir, name)`, through locals and the
 * parameters of the helpers followed (`zip({ zipPath })` into `zip({ zipPath }) { createWriteStream(zipPath) }`).
 */
function nameOf(walk: Walk, expr: ts.Expression, depth = 0): ts.Expression | undefined {
  const inner = skipOuterExpressions(expr);
  if (depth > 6) return undefined;
  if (ts.isCallExpression(inner) && inner.arguments.length > 1) {
    const callee = skipOuterExpressions(inner.expression);
    const name = ts.isPropertyAccessExpression(callee) ? callee.name.text : ts.isIdentifier(callee) ? callee.text : '';
    return /^(?:join|resolve)$/.test(name) ? skipOuterExpressions(inner.arguments[inner.arguments.length - 1]) : undefined;
  }
  if (!ts.isIdentifier(inner)) return undefined;
  const decl = findDeclaration(inner.text, inner);
  if (decl?.kind === 'variable' && decl.path.length === 0 && decl.declaration.initializer && !isModuleLevel(decl.declaration)) return nameOf(walk, decl.declaration.initializer, depth + 1);
  if (decl?.kind !== 'parameter' || decl.path.length > 1) return undefined;
  const passed = walk.argumentFor(decl.declaration);
  if (!passed) return undefined;
  const step = decl.path[0];
  if (!step) return nameOf(walk, passed, depth + 1);
  // `{ zipPath }` destructured from the object literal the caller passed.
  const literal = skipOuterExpressions(passed);
  if (!('property' in step) || !ts.isObjectLiteralExpression(literal)) return undefined;
  for (const property of [...literal.properties].reverse()) {
    if (ts.isShorthandPropertyAssignment(property) && property.name.text === step.property) return nameOf(walk, property.name, depth + 1);
    if (ts.isPropertyAssignment(property) && property.name.getText() === step.property) return nameOf(walk, property.initializer, depth + 1);
    if (ts.isSpreadAssignment(property)) return undefined;
  }
  return undefined;
}

/** Inside `if (process.env.NODE_ENV === "development")` or a DEBUG check, within the same function. */
export function debugGuarded(node: ts.Node, sf: ts.SourceFile): boolean {
  let current: ts.Node | undefined = node;
  while (current && !ts.isSourceFile(current) && !ts.isFunctionLike(current)) {
    const parent: ts.Node | undefined = current.parent;
    if (parent && ts.isIfStatement(parent) && parent.thenStatement === current && DEBUG_GUARD.test(parent.expression.getText(sf))) return true;
    if (parent && ts.isBinaryExpression(parent) && parent.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken && parent.right === current && DEBUG_GUARD.test(parent.left.getText(sf))) return true;
    current = parent;
  }
  return false;
}
