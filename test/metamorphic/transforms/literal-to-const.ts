import { constStatement, definitionLiterals, f, freshName, notApplicable, overlayOf, rewrite, Trees, type Transform } from './tree';

export const literalToConst: Transform = {
  name: 'literal-to-const',
  description: "each tool's name literal and literal annotations object moved into a module-level `const`",
  apply(input) {
    const trees = new Trees(input.ws);
    const texts = new Map<string, string>();
    for (const [file, literals] of definitionLiterals(input, trees)) {
      const sf = trees.get(file)!;
      const names = new Set<string>();
      const prologue = [];
      const replace = new Map();
      for (const { node, base } of literals) {
        const name = freshName(sf, base, names);
        prologue.push(constStatement(name, node));
        replace.set(node, () => f.createIdentifier(name));
      }
      texts.set(file, rewrite(sf, { replace, prologue }));
    }
    return texts.size ? overlayOf(texts) : notApplicable('no tool name or annotations written as a literal');
  },
};
