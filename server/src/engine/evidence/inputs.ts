// Evidence from the input schema: Zod shapes (`{ x: z.string() }`, `z.object({…})`) and JSON Schema objects
// (`{ type: "object", properties: {…} }`), read syntactically. Identifiers are followed to their declarations
// (same file or relative imports) through the evaluator.
import ts from 'typescript';
import type { Loc } from '../model';
import type { Evaluator } from '../values';
import { findDeclaration, nodeAt, propertyNameText, skipOuterExpressions } from '../syntax';
import { EMPTY_ENV, locOf } from '../values';
import type { EvidenceData } from './model';
import type { EvidenceSession } from './session';
import { INPUT_FIELDS, MODE_FIELDS } from './tables/inputs';
import { classifyVerb, words } from './tables/verbs';

const MAX_NODES = 5_000;

export function inputEvidence(schema: Loc | null, session: EvidenceSession, registrationSf: ts.SourceFile): EvidenceData[] {
  if (!schema) return [];
  const sf = schema.file === registrationSf.fileName ? registrationSf : session.sources.getSourceFile(schema.file);
  const node = sf && nodeAt(sf, schema);
  if (!sf || !node || !ts.isExpression(node)) return [];
  const reader = new SchemaReader(session.evaluator);
  reader.read(node, sf, 0);
  return reader.items;
}

class SchemaReader {
  readonly items: EvidenceData[] = [];
  private budget = MAX_NODES;
  private readonly seen = new Set<ts.Node>();
  private readonly evaluator: Evaluator;

  constructor(evaluator: Evaluator) {
    this.evaluator = evaluator;
    this.evaluator.resetBudget();
  }

  read(expression: ts.Expression, sf: ts.SourceFile, depth: number): void {
    if (depth > 6 || --this.budget < 0) return;
    const expr = skipOuterExpressions(expression);
    if (this.seen.has(expr)) return;
    this.seen.add(expr);
    if (ts.isObjectLiteralExpression(expr)) {
      const properties = propertyMap(expr);
      const jsonSchemaProperties = properties.get('properties');
      if (jsonSchemaProperties && properties.has('type')) {
        this.read(jsonSchemaProperties, sf, depth + 1);
        return;
      }
      for (const [key, value] of properties) this.field(key, value, sf, depth);
      return;
    }
    if (ts.isCallExpression(expr)) {
      // z.object({…}), X.extend({…}), X.merge(Y), zodToJsonSchema(X), z.strictObject(…)
      const callee = skipOuterExpressions(expr.expression);
      if (ts.isPropertyAccessExpression(callee)) this.read(callee.expression, sf, depth + 1);
      for (const arg of expr.arguments) this.read(arg, sf, depth + 1);
      return;
    }
    if (ts.isPropertyAccessExpression(expr) && expr.name.text === 'shape') {
      this.read(expr.expression, sf, depth + 1);
      return;
    }
    if (ts.isIdentifier(expr) || ts.isPropertyAccessExpression(expr)) {
      let value;
      try {
        value = this.evaluator.evaluate(expr, sf, EMPTY_ENV);
      } catch {
        return;
      }
      // Unknown values still carry the node they stopped at: `const S = z.object({…})` stops at the call.
      const target = value.node;
      if (target !== expr && ts.isExpression(target)) this.read(target, value.sf, depth + 1);
    }
  }

  private field(name: string, value: ts.Expression, sf: ts.SourceFile, depth: number): void {
    // An input maps to a schema, never to a function: an object of functions (a bundled library's namespace reached
    // through a helper) is not an input shape.
    if (ts.isIdentifier(value) && this.isFunction(value, sf)) return;
    const joined = words(name).join(' ');
    const loc = locOf(value.parent ?? value, sf);
    for (const rule of INPUT_FIELDS) {
      if (rule.words.test(joined)) {
        this.items.push({ source: 'input', effect: rule.effect, strength: rule.strength, world: rule.world, target: rule.world === 'open' ? 'network' : 'unknown', fact: { kind: 'input', input: name, why: rule.why }, loc });
      }
    }
    const facts = fieldFacts(value, sf);
    if (facts.url && !INPUT_FIELDS.some((r) => r.world === 'open' && r.words.test(joined))) {
      this.items.push({ source: 'input', effect: 'read', strength: 'weak', world: 'open', target: 'network', fact: { kind: 'input-url', input: name }, loc });
    }
    if (MODE_FIELDS.test(joined)) {
      // `action: "list" | "delete"`: one tool that reads or destroys depending on an argument (a catch-all).
      const reads = facts.enumValues.some((option) => words(option).map(classifyVerb).some((v) => v?.effect === 'read'));
      for (const option of facts.enumValues) {
        const verb = words(option).map(classifyVerb).find((v) => v && v.effect !== 'read');
        if (verb) {
          this.items.push({ source: 'input', effect: verb.effect, strength: 'strong', target: 'unknown', fact: { kind: 'input-mode', input: name, option, verb: verb.verb }, loc, ...(reads ? { catchAll: name } : {}) });
        }
      }
    }
    if (facts.dryRunDefault === false && /^dry ?run$/.test(joined)) {
      // Already reported by the table; the default makes it act unless asked not to.
    }
    // A nested object: its fields count too.
    if (facts.nested) this.read(facts.nested, sf, depth + 1);
  }

  private isFunction(value: ts.Identifier, sf: ts.SourceFile): boolean {
    try {
      return this.evaluator.evaluate(value, sf, EMPTY_ENV).kind === 'function';
    } catch {
      return false;
    }
  }
}

function propertyMap(object: ts.ObjectLiteralExpression): Map<string, ts.Expression> {
  const out = new Map<string, ts.Expression>();
  for (const property of object.properties) {
    if (ts.isPropertyAssignment(property)) {
      const key = propertyNameText(property.name);
      if (key !== undefined) out.set(key, property.initializer);
    }
  }
  return out;
}

interface FieldFacts {
  url: boolean;
  enumValues: string[];
  dryRunDefault?: boolean;
  nested?: ts.Expression;
}

/** What a Zod chain or a JSON Schema property says about one field. */
function fieldFacts(value: ts.Expression, sf: ts.SourceFile): FieldFacts {
  const facts: FieldFacts = { url: false, enumValues: [] };
  const expr = skipOuterExpressions(value);
  if (ts.isObjectLiteralExpression(expr)) {
    const properties = propertyMap(expr);
    const format = properties.get('format');
    if (format && ts.isStringLiteralLike(format) && /^(uri|url|iri|uri-reference)$/.test(format.text)) facts.url = true;
    const values = properties.get('enum');
    if (values && ts.isArrayLiteralExpression(values)) facts.enumValues.push(...stringsOf(values));
    const constant = properties.get('const');
    if (constant && ts.isStringLiteralLike(constant)) facts.enumValues.push(constant.text);
    if (properties.has('properties')) facts.nested = expr;
    return facts;
  }
  // Walk a Zod chain: z.string().url().describe("…"), z.enum([...]), z.object({...}).optional()
  let current: ts.Expression = expr;
  for (let i = 0; i < 20 && ts.isCallExpression(current); i++) {
    const callee = skipOuterExpressions(current.expression);
    const method = ts.isPropertyAccessExpression(callee) ? callee.name.text : ts.isIdentifier(callee) ? callee.text : undefined;
    if (method === 'url') facts.url = true;
    if ((method === 'enum' || method === 'union') && current.arguments[0]) {
      const arg = skipOuterExpressions(current.arguments[0]);
      if (ts.isArrayLiteralExpression(arg)) facts.enumValues.push(...stringsOf(arg), ...arg.elements.flatMap((e) => literalArgs(e)));
    }
    if (method === 'literal') facts.enumValues.push(...literalArgs(current));
    if (method === 'default' && current.arguments[0]?.kind === ts.SyntaxKind.FalseKeyword) facts.dryRunDefault = false;
    if (method === 'object' && current.arguments[0]) facts.nested = current.arguments[0];
    if (!ts.isPropertyAccessExpression(callee)) break;
    current = skipOuterExpressions(callee.expression);
  }
  // `Body$zodSchema.describe("…")`, `RequestBody: BodySchema`: a named schema, whose fields count too.
  if (!facts.nested && ts.isIdentifier(current) && namesSchema(current)) facts.nested = current;
  void sf;
  return facts;
}

/** A schema the project declares (a local constant, a relative import), never a package's namespace (`z`). */
function namesSchema(id: ts.Identifier): boolean {
  const decl = findDeclaration(id.text, id);
  return decl?.kind === 'variable' || (decl?.kind === 'import' && decl.module.startsWith('.'));
}

function stringsOf(array: ts.ArrayLiteralExpression): string[] {
  return array.elements.flatMap((e) => (ts.isStringLiteralLike(e) ? [e.text] : []));
}

function literalArgs(expr: ts.Node): string[] {
  const inner = ts.isExpression(expr) ? skipOuterExpressions(expr) : expr;
  if (ts.isCallExpression(inner) && inner.arguments[0] && ts.isStringLiteralLike(inner.arguments[0])) return [inner.arguments[0].text];
  return [];
}
