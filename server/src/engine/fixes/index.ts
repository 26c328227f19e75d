// The fixes layer as other layers see it: the only module of this folder they import.
export { applyEdits, eol, indentUnit, insertLineAbove, insertProperties, insertPropertiesAfter, lineIndent, objectLiteralAt, quoteOf, removeProperty, stringLiteral, titleFromName } from './edits';
export { fixAll, selectSafeFixes } from './fix-all';
export { markGeneratedFixes } from './generated';
