import { lookup } from './lookup';
// SQL text in query calls and tagged templates: the first statement keyword decides the effect.
import type { Effect } from '../model';

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
