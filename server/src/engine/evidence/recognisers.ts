// The order in which the handler walk tries the recognisers: the first that decides a call wins, so the order is
// part of the meaning (`.mcp-hints.json` before every table, SQL text before the client it goes through, the
// packages the tables know before following local code, pure computation last). A call no recogniser decides is
// opaque. To add an API family: its table and recogniser in tables/, and its place in these lists.
import ts from 'typescript';
import { configuredCall } from './configured';
import type { CallRecogniser, NewRecogniser, TemplateRecogniser } from './recogniser';
import { fsCall } from './tables/fs';
import { fetchCall, httpModuleCall, requestBuilder, routeCall, socketConstructor } from './tables/http';
import { eventPlumbing, packageClient, protocolCall, pureConstructor, pureGlobalCall, pureValueCall, reportingCall } from './tables/ignore';
import { operationInput } from './tables/operations';
import { ormCall } from './tables/orm';
import { processCall, processTemplate, workerConstructor } from './tables/process';
import { awsCommand, sdkCall } from './tables/sdk';
import { sqlTemplate, sqlText } from './tables/sql';
import { moduleStateCall, stateMerge } from './tables/state';

/** A callback handed to a followed wrapper (`wrap(async (args) => …)`): its body is walked where it is written. */
const boundCallback: CallRecogniser = ({ callee }, walk) => {
  if (!ts.isIdentifier(callee)) return false;
  const decl = walk.evaluator.declarationOf(callee);
  return decl?.kind === 'parameter' && walk.isBoundCallback(decl.declaration);
};

/** Local functions (same file, relative imports, `this.method`): followed, their calls recognised in turn. */
const followLocal: CallRecogniser = (site, walk) => site.origin.kind !== 'package' && walk.follow(site);

export const CALL_RECOGNISERS: readonly CallRecogniser[] = [
  configuredCall,
  eventPlumbing,
  sqlText,
  // An argument that carries the operation, whatever the client (before the process and database tables).
  operationInput,
  // Calls into packages the tables know.
  processCall,
  fsCall,
  httpModuleCall,
  sdkCall,
  awsCommand,
  // Globals.
  fetchCall,
  stateMerge,
  pureGlobalCall,
  // Not the tool's effect: reporting, the MCP protocol.
  reportingCall,
  protocolCall,
  boundCallback,
  followLocal,
  // What is left, by the shape of the call.
  requestBuilder,
  moduleStateCall,
  ormCall,
  routeCall,
  pureValueCall,
];

/** A local class's constructor runs on `new`: walked. */
const localClass: NewRecogniser = ({ declaration, sf }, walk) => {
  if (declaration?.kind !== 'class') return false;
  const ctor = declaration.declaration.members.find((m): m is ts.ConstructorDeclaration => ts.isConstructorDeclaration(m) && !!m.body);
  if (ctor) walk.walkConstructor(ctor, sf);
  return true;
};

/** `new X()` of a global no table knows: it may act on construction. */
const unknownGlobalConstructor: NewRecogniser = ({ named, declaration, callee, node, sf, text }, walk) => {
  if (!named || declaration || !ts.isIdentifier(callee)) return false;
  walk.opaque(node, sf, `new ${text}`, { kind: 'global', name: callee.text, path: [] }, undefined);
  return true;
};

/**
 * `new X(…)`: constructing a package's client does nothing yet (its methods are what count), but a socket, a worker
 * or a local class's constructor may act on construction.
 */
export const NEW_RECOGNISERS: readonly NewRecogniser[] = [pureConstructor, socketConstructor, workerConstructor, packageClient, unknownGlobalConstructor, localClass];

export const TEMPLATE_RECOGNISERS: readonly TemplateRecogniser[] = [processTemplate, sqlTemplate];
