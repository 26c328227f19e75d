// The one place the bundles import TypeScript (see build.mjs): every other module imports this one.
import ts from 'typescript';

export default ts;
