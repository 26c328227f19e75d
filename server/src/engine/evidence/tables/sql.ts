// SQL text in query calls and tagged templates: the first statement keyword decides the effect.
import ts from 'typescript';
import { skipOuterExpressions } from '../../syntax';
import type { Effect } from '../model';
import { literalText } from '../nodes';
import type { CallRecogniser, TemplateRecogniser } from '../recogniser';
import { lookup } from './lookup';

/** Statement keyword → effect. A `WITH … SELECT` reads; a `WITH … DELETE` is caught by the scan below. */
export const SQL_KEYWORDS: Readonly<Record<string, Effect>> = {
  SELECT: 'read',
  SHOW: 'read',
  EXPLAIN: 'read',
  DESCRIBE: 'read',
  PRAGMA: 'read',
  INSERT: 'append',
  UPDATE: 'write',
  MERGE: 'write',
  UPSERT: 'write',
  REPLACE: 'destroy',
  DELETE: 'destroy',
  DROP: 'destroy',
  TRUNCATE: 'destroy',
  ALTER: 'destroy',
  CREATE: 'write',
  GRANT: 'write',
  REVOKE: 'destroy',
};

const STATEMENT = /^\s*(?:\/\*[\s\S]*?\*\/\s*|--[^\n]*\n\s*)*([A-Za-z]+)/;
const WRITE_ANYWHERE = /\b(INSERT\s+INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM|DROP\s+(?:TABLE|DATABASE|SCHEMA|INDEX|VIEW)|TRUNCATE\s+(?:TABLE\s+)?\w|ALTER\s+TABLE)\b/i;

/** The SQL effect of a text, or undefined when it does not look like SQL. */
export function sqlEffect(text: string): { effect: Effect; keyword: string } | undefined {
  const first = STATEMENT.exec(text)?.[1]?.toUpperCase();
  if (!first) return undefined;
  if (first === 'WITH') {
    const write = WRITE_ANYWHERE.exec(text);
    if (write) return sqlEffect(write[1]);
    return /\bSELECT\b/i.test(text) ? { effect: 'read', keyword: 'WITH … SELECT' } : undefined;
  }
  const effect = lookup(SQL_KEYWORDS, first);
  if (!effect) return undefined;
  // "Select a file" in prose is not SQL: a statement needs a second SQL word.
  if (!/\b(FROM|INTO|TABLE|SET|WHERE|VALUES|DATABASE|INDEX|VIEW|SCHEMA|\*)\b|\*/i.test(text)) return undefined;
  // A later write statement in the same text wins over a leading SELECT.
  if (effect === 'read') {
    const write = WRITE_ANYWHERE.exec(text);
    if (write) return sqlEffect(write[1] + ' x');
  }
  return { effect, keyword: first };
}

/** Methods that take SQL text as their first argument. */
export const SQL_METHODS: readonly string[] = ['query', 'execute', 'exec', 'run', 'all', 'get', 'prepare', 'raw', 'unsafe', '$queryRaw', '$executeRaw', '$queryRawUnsafe', '$executeRawUnsafe', 'queryRaw', 'executeRaw', 'sql'];

/** Tag functions of SQL template literals (`sql\`…\``, postgres.js `sql`, prisma `$queryRaw`). */
export const SQL_TAGS: readonly string[] = ['sql', 'SQL', '$queryRaw', '$executeRaw', 'query'];

// ---- recognisers (recognisers.ts orders them) ----

/** `db.query("DELETE FROM …")`, whatever the client: the SQL text decides. */
export const sqlText: CallRecogniser = (site, walk) => {
  const { method, call, sf } = site;
  if (!method || !SQL_METHODS.includes(method) || call.arguments.length === 0) return false;
  const text = literalText(call.arguments[0], sf, true);
  const sql = text ? sqlEffect(text) : undefined;
  if (!sql) return false;
  walk.add({ effect: sql.effect, strength: 'strong', world: 'closed', target: 'database', call: site.text(), fact: { kind: 'sql', keyword: sql.keyword } }, call, sf);
  return true;
};

/** sql\`DELETE FROM …\`: a SQL tag. */
export const sqlTemplate: TemplateRecogniser = (node, sf, walk) => {
  const tag = skipOuterExpressions(node.tag);
  const name = ts.isIdentifier(tag) ? tag.text : ts.isPropertyAccessExpression(tag) ? tag.name.text : undefined;
  if (!name || !SQL_TAGS.includes(name)) return false;
  const text = ts.isNoSubstitutionTemplateLiteral(node.template) ? node.template.text : node.template.head.text + node.template.templateSpans.map((s) => ' ? ' + s.literal.text).join('');
  const sql = sqlEffect(text);
  if (sql) walk.add({ effect: sql.effect, strength: 'strong', world: 'closed', target: 'database', fact: { kind: 'sql', keyword: sql.keyword } }, node, sf);
  return true;
};
