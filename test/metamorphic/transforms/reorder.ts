import ts from 'typescript';
import { isStatementList, overlayOf, notApplicable, rewrite, siteCalls, Trees, type Transform } from './tree';

/**
 * Statements whose order does not matter, reordered: runs of consecutive registration-call statements reversed, and
 * function declarations (hoisted) moved to the end of their statement list.
 */
export const reorderStatements: Transform = {
  name: 'reorder',
  description: 'consecutive registration statements reversed; function declarations moved to the end of their block',
  apply(input) {
    const trees = new Trees(input.ws);
    const texts = new Map<string, string>();
    for (const [file, calls] of siteCalls(input, trees)) {
      const sf = trees.get(file)!;
      const siteStatements = new Set<ts.Node>(calls.map((s) => s.call.parent).filter((p) => ts.isExpressionStatement(p)));
      const lists = new Map<ts.Node, ts.Statement[]>();
      const visit = (node: ts.Node): void => {
        if (isStatementList(node)) {
          const reordered = reorder(node.statements, siteStatements);
          if (reordered) lists.set(node, reordered);
        }
        ts.forEachChild(node, visit);
      };
      visit(sf);
      if (!lists.size) continue;
      // A list's first statement is replaced by the whole list in its new order (original nodes: nothing inside
      // them is rewritten), and the others by nothing.
      const replace = new Map<ts.Node, (v: ts.Node) => ts.Node | ts.Node[] | undefined>();
      for (const [list, order] of lists) {
        const statements = (list as ts.Block).statements;
        for (const s of statements) replace.set(s, () => undefined);
        replace.set(statements[0], () => order);
      }
      texts.set(file, rewrite(sf, { replace }));
    }
    return texts.size ? overlayOf(texts) : notApplicable('no run of registration statements nor function declaration to move');
  },
};

/** The new order of a list, or undefined when nothing moves. */
function reorder(statements: ts.NodeArray<ts.Statement>, sites: Set<ts.Node>): ts.Statement[] | undefined {
  const out: ts.Statement[] = [];
  let run: ts.Statement[] = [];
  const flush = () => {
    out.push(...run.reverse());
    run = [];
  };
  for (const statement of statements) {
    if (sites.has(statement)) run.push(statement);
    else {
      flush();
      out.push(statement);
    }
  }
  flush();
  const functions = out.filter((s) => ts.isFunctionDeclaration(s) && s.body);
  const rest = out.filter((s) => !functions.includes(s));
  const order = [...rest, ...functions];
  return order.some((s, i) => s !== statements[i]) ? order : undefined;
}
