// A tool's contract as the review record stores it: the effective hints and title, the inputs, fingerprints
// of the input schema and the description (canonical forms, so formatting never counts), and the kinds of
// evidence the code shows. Computed from the engine's model and evidence structure, never from message text.
import ts from 'typescript';
import { collectEvidence, type Evidence } from '../evidence';
import { CONTRACT_EVIDENCE_KINDS, HINT_KEYS, type EvidenceKind, type HintKey, type HintValue, type Loc, type Tool } from '../model';
import { Evaluator, type SourceProvider } from '../values';
import { table, fileIndexOf, nodeAt, propertyNameText, skipOuterExpressions } from '../syntax';
import { EMPTY_ENV } from '../values';


/** For messages: "deletes", "reaches the network". */
export const EVIDENCE_KIND_LABELS: Record<EvidenceKind, string> = {
  write: 'writes',
  delete: 'deletes or overwrites',
  create: 'creates, sends or appends',
  process: 'runs a process',
  network: 'reaches the network',
  opaque: 'calls code the analyser cannot see through',
};

/** Kinds that make a read-only claim wrong: a new one in a tool approved read-only weakens safety. */
export const WRITE_KINDS: ReadonlySet<EvidenceKind> = new Set(['write', 'delete', 'create']);

export interface Contract {
  name: string;
  /** Absolute path of the registration's file. */
  file: string;
  title: string | null;
  hints: Record<HintKey, HintValue>;
  /** Input name → type (`string`, `boolean?` for optional, `unknown` when it cannot be read). */
  inputs: Record<string, string>;
  fingerprints: { inputSchema: string | null; description: string | null };
  evidence: EvidenceKind[];
}

/** The contract plus what stands behind it, for messages (not stored). */
export interface ContractDetail {
  contract: Contract;
  /** Evidence items per kind, strongest first. */
  evidenceByKind: Map<EvidenceKind, Evidence[]>;
  /** Where each input is written. */
  inputLocs: Map<string, Loc>;
}

export interface ContractSources {
  registrationSf: ts.SourceFile;
  sourceFileOf(file: string): ts.SourceFile | undefined;
}

/** Keyed by a tool of one analysis of the registration's file, read with the evidence of any file. */
const DETAIL = table<Tool, ContractDetail>('contract:detail', 'analysis', 'a tool’s contract and the evidence behind it');

/** The contract of a named tool (undefined for tools whose name is not known statically: they cannot be recorded). */
export function toolContract(tool: Tool, sources: ContractSources): ContractDetail | undefined {
  if (tool.name === null) return undefined;
  const index = fileIndexOf(sources.registrationSf);
  const cached = index.get(DETAIL, tool);
  if (cached) return cached;
  const provider: SourceProvider = {
    getSourceFile: (path) => (path === sources.registrationSf.fileName ? sources.registrationSf : sources.sourceFileOf(path)),
  };
  const evidence = collectEvidence(tool, sources.registrationSf, sources.sourceFileOf);
  const evidenceByKind = new Map<EvidenceKind, Evidence[]>();
  for (const item of evidence.items) {
    for (const kind of evidenceKinds(item)) {
      const list = evidenceByKind.get(kind) ?? [];
      list.push(item);
      evidenceByKind.set(kind, list);
    }
  }
  for (const list of evidenceByKind.values()) list.sort((a, b) => rank(a) - rank(b));
  const schemaNode = expressionAt(tool.inputSchema, provider);
  const inputs = schemaNode ? readInputs(schemaNode.node, schemaNode.sf, provider) : { types: {}, locs: new Map<string, Loc>() };
  const descriptionNode = expressionAt(tool.description?.loc ?? null, provider);
  const detail: ContractDetail = {
    contract: {
      name: tool.name,
      file: tool.loc.file,
      title: tool.title,
      hints: Object.fromEntries(HINT_KEYS.map((key) => [key, tool.effective[key]])) as Record<HintKey, HintValue>,
      inputs: inputs.types,
      fingerprints: {
        inputSchema: schemaNode ? fingerprint(canonicalForm(schemaNode.node, schemaNode.sf, provider)) : null,
        description:
          tool.description?.text != null
            ? fingerprint(JSON.stringify(tool.description.text.replace(/\s+/g, ' ').trim()))
            : descriptionNode
              ? fingerprint(canonicalForm(descriptionNode.node, descriptionNode.sf, provider))
              : null,
      },
      evidence: CONTRACT_EVIDENCE_KINDS.filter((kind) => evidenceByKind.has(kind)),
    },
    evidenceByKind,
    inputLocs: inputs.locs,
  };
  index.set(DETAIL, tool, detail);
  return detail;
}

/** The kinds one piece of evidence shows. A guess from the tool's name is not something the code does. */
export function evidenceKinds(item: Evidence): EvidenceKind[] {
  // Incidental effects (logs, temp files, caches, telemetry pings) are not part of the tool's contract either.
  if (item.source === 'name' || item.incidental) return [];
  const kinds: EvidenceKind[] = [];
  switch (item.effect) {
    case 'write':
      kinds.push('write');
      break;
    case 'destroy':
      kinds.push('delete');
      break;
    case 'append':
      kinds.push('create');
      break;
    case 'process':
      kinds.push('process');
      break;
    case 'opaque':
      kinds.push('opaque');
      break;
    default:
      break;
  }
  if (item.world === 'open' && !item.worldWeak) kinds.push('network');
  return kinds;
}

/** Handler before inputs, strong before weak: the first item is the one a message names. */
function rank(item: Evidence): number {
  return (item.source === 'handler' ? 0 : 2) + (item.strength === 'strong' ? 0 : 1);
}

function expressionAt(loc: Loc | null, provider: SourceProvider): { node: ts.Expression; sf: ts.SourceFile } | undefined {
  if (!loc) return undefined;
  const sf = provider.getSourceFile(loc.file);
  const node = sf && nodeAt(sf, loc);
  return sf && node && ts.isExpression(node) ? { node, sf } : undefined;
}

export function fingerprint(canonical: string): string {
  // Required here: crypto takes ~10 ms to load, and a check without review records never hashes.
  const { createHash } = require('node:crypto') as typeof import('node:crypto');
  return `sha256:${createHash('sha256').update(canonical).digest('hex')}`;
}

const MAX_DEPTH = 12;

/**
 * A canonical form of an expression's syntax tree: whitespace, comments, quotes, trailing commas and the order of
 * object keys do not count; identifiers that name a constant are replaced by the constant's value (so editing a
 * shared schema constant changes the fingerprint of every tool that uses it).
 */
export function canonicalForm(node: ts.Node, sf: ts.SourceFile, sources: SourceProvider): string {
  const evaluator = new Evaluator(sources, new Set());
  const following = new Set<ts.Node>();
  const visit = (current: ts.Node, currentSf: ts.SourceFile, depth: number): string => {
    if (depth > MAX_DEPTH) return '…';
    if (ts.isParenthesizedExpression(current) || ts.isAsExpression(current) || ts.isSatisfiesExpression(current) || ts.isNonNullExpression(current)) {
      return visit(current.expression, currentSf, depth);
    }
    if (ts.isStringLiteralLike(current)) return JSON.stringify(current.text);
    if (ts.isNumericLiteral(current)) return String(Number(current.text.replace(/_/g, '')));
    if (ts.isIdentifier(current) || ts.isPrivateIdentifier(current)) {
      const followed = ts.isIdentifier(current) && isValuePosition(current) ? follow(current, currentSf, depth) : undefined;
      return followed ?? current.text;
    }
    if (ts.isPropertyAccessExpression(current)) {
      const followed = follow(current, currentSf, depth);
      return followed ?? `${visit(current.expression, currentSf, depth + 1)}.${current.name.text}`;
    }
    if (ts.isObjectLiteralExpression(current)) {
      const parts = current.properties.map((property) => {
        const key = property.name ? (propertyNameText(property.name) ?? visit(property.name, currentSf, depth + 1)) : '';
        if (ts.isPropertyAssignment(property)) return `${JSON.stringify(key)}:${visit(property.initializer, currentSf, depth + 1)}`;
        if (ts.isShorthandPropertyAssignment(property)) return `${JSON.stringify(key)}:${visit(property.name, currentSf, depth + 1)}`;
        if (ts.isSpreadAssignment(property)) return `...${visit(property.expression, currentSf, depth + 1)}`;
        return `${JSON.stringify(key)}:${ts.SyntaxKind[property.kind]}(${children(property, currentSf, depth)})`;
      });
      return `{${parts.sort().join(',')}}`;
    }
    if (current.kind >= ts.SyntaxKind.FirstToken && current.kind <= ts.SyntaxKind.LastToken) return ts.SyntaxKind[current.kind];
    return `${ts.SyntaxKind[current.kind]}(${children(current, currentSf, depth)})`;
  };
  const children = (current: ts.Node, currentSf: ts.SourceFile, depth: number): string => {
    const out: string[] = [];
    ts.forEachChild(current, (child) => {
      out.push(visit(child, currentSf, depth + 1));
    });
    return out.join(',');
  };
  /** The constant an identifier or member access names, in canonical form; undefined when it names no constant. */
  const follow = (expr: ts.Expression, exprSf: ts.SourceFile, depth: number): string | undefined => {
    let value;
    try {
      value = evaluator.evaluate(expr, exprSf, EMPTY_ENV);
    } catch {
      return undefined;
    }
    const target = value.node;
    if (target === expr || following.has(target) || value.kind === 'module' || value.kind === 'function') return undefined;
    if (target.getSourceFile?.() === exprSf && target.pos <= expr.pos && expr.end <= target.end) return undefined;
    following.add(target);
    try {
      return visit(target, value.sf, depth + 1);
    } finally {
      following.delete(target);
    }
  };
  return visit(node, sf, 0);
}

function isValuePosition(identifier: ts.Identifier): boolean {
  const parent = identifier.parent;
  if (!parent) return false;
  if (ts.isPropertyAccessExpression(parent) && parent.name === identifier) return false;
  if ((ts.isPropertyAssignment(parent) || ts.isMethodDeclaration(parent) || ts.isPropertyDeclaration(parent)) && parent.name === identifier) return false;
  if (ts.isParameter(parent) || ts.isVariableDeclaration(parent) || ts.isFunctionDeclaration(parent) || ts.isBindingElement(parent)) return false;
  return true;
}

const ZOD_MODIFIERS = new Set(['optional', 'nullish', 'default', 'catch']);
const ZOD_NEUTRAL = new Set(['describe', 'min', 'max', 'length', 'regex', 'email', 'url', 'uuid', 'int', 'positive', 'nonnegative', 'negative', 'nonempty', 'trim', 'refine', 'transform', 'meta', 'nullable', 'finite', 'gte', 'lte', 'gt', 'lt', 'datetime', 'startsWith', 'endsWith', 'brand', 'readonly', 'superRefine', 'pipe']);

/** Input fields of a Zod shape, a `z.object(…)` or a JSON Schema object, with a short type for each. */
function readInputs(node: ts.Expression, sf: ts.SourceFile, sources: SourceProvider): { types: Record<string, string>; locs: Map<string, Loc> } {
  const evaluator = new Evaluator(sources, new Set());
  const types: Record<string, string> = {};
  const locs = new Map<string, Loc>();
  const seen = new Set<ts.Node>();
  const read = (expression: ts.Expression, exprSf: ts.SourceFile, depth: number): void => {
    if (depth > 6) return;
    const expr = skipOuterExpressions(expression);
    if (seen.has(expr)) return;
    seen.add(expr);
    if (ts.isObjectLiteralExpression(expr)) {
      const properties = propertyMap(expr);
      const jsonProperties = properties.get('properties');
      if (jsonProperties && properties.has('type') && ts.isObjectLiteralExpression(skipOuterExpressions(jsonProperties.value))) {
        const required = properties.get('required');
        const requiredNames = required && ts.isArrayLiteralExpression(required.value) ? required.value.elements.filter(ts.isStringLiteralLike).map((e) => e.text) : [];
        for (const [name, { value, node: property }] of propertyMap(skipOuterExpressions(jsonProperties.value) as ts.ObjectLiteralExpression)) {
          types[name] = jsonSchemaType(value) + (requiredNames.includes(name) ? '' : '?');
          locs.set(name, { file: exprSf.fileName, start: property.getStart(exprSf), end: property.getEnd() });
        }
        return;
      }
      for (const [name, { value, node: property }] of properties) {
        types[name] = zodType(value);
        locs.set(name, { file: exprSf.fileName, start: property.getStart(exprSf), end: property.getEnd() });
      }
      return;
    }
    if (ts.isCallExpression(expr)) {
      // z.object({…}), X.extend({…}), X.merge(Y), z.strictObject({…}), zodToJsonSchema(X)
      const callee = skipOuterExpressions(expr.expression);
      if (ts.isPropertyAccessExpression(callee)) read(callee.expression, exprSf, depth + 1);
      for (const arg of expr.arguments) read(arg, exprSf, depth + 1);
      return;
    }
    if (ts.isPropertyAccessExpression(expr) && expr.name.text === 'shape') {
      read(expr.expression, exprSf, depth + 1);
      return;
    }
    if (ts.isIdentifier(expr) || ts.isPropertyAccessExpression(expr)) {
      let value;
      try {
        value = evaluator.evaluate(expr, exprSf, EMPTY_ENV);
      } catch {
        return;
      }
      if (value.node !== expr && ts.isExpression(value.node)) read(value.node, value.sf, depth + 1);
    }
  };
  read(node, sf, 0);
  const sorted: Record<string, string> = {};
  for (const name of Object.keys(types).sort()) sorted[name] = types[name];
  return { types: sorted, locs };
}

function propertyMap(object: ts.ObjectLiteralExpression): Map<string, { value: ts.Expression; node: ts.Node }> {
  const out = new Map<string, { value: ts.Expression; node: ts.Node }>();
  for (const property of object.properties) {
    if (ts.isPropertyAssignment(property)) {
      const key = propertyNameText(property.name);
      if (key !== undefined) out.set(key, { value: property.initializer, node: property });
    } else if (ts.isShorthandPropertyAssignment(property)) {
      out.set(property.name.text, { value: property.name, node: property });
    }
  }
  return out;
}

/** `z.string().optional()` → `string?`; `z.array(z.string())` → `array`; anything else it cannot read → `unknown`. */
function zodType(value: ts.Expression): string {
  let optional = false;
  let current = skipOuterExpressions(value);
  for (let i = 0; i < 30 && ts.isCallExpression(current); i++) {
    const callee = skipOuterExpressions(current.expression);
    if (!ts.isPropertyAccessExpression(callee)) break;
    const method = callee.name.text;
    const receiver = skipOuterExpressions(callee.expression);
    if (ts.isIdentifier(receiver) || !ts.isCallExpression(receiver)) {
      // The root of the chain: z.string(), z.enum([...]), zod.boolean()
      if (ZOD_MODIFIERS.has(method) || ZOD_NEUTRAL.has(method)) break;
      return method + (optional ? '?' : '');
    }
    if (ZOD_MODIFIERS.has(method)) optional = true;
    current = receiver;
  }
  if (ts.isObjectLiteralExpression(current)) return jsonSchemaType(current);
  return 'unknown' + (optional ? '?' : '');
}

function jsonSchemaType(value: ts.Expression): string {
  const expr = skipOuterExpressions(value);
  if (!ts.isObjectLiteralExpression(expr)) return 'unknown';
  const type = propertyMap(expr).get('type')?.value;
  if (type && ts.isStringLiteralLike(type)) return type.text;
  if (propertyMap(expr).has('enum')) return 'enum';
  return 'unknown';
}
