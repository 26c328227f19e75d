// The one place the bundles import TypeScript (see build.mjs): every other module imports this one.
// Required, not imported: esbuild's import of a CommonJS module copies its ~2,000 exports onto a namespace
// object (__toESM) at every start; the bundle is CommonJS, where this `require` is the bundled module's.
const ts = require('typescript');

export default ts;
