// The quick text test that lets most files skip the walk (and the CLI skip the parser), built from what each form
// declares: a member call of one of its methods (`x.registerTool(`, `x?.tool (`, `x["addTool"](`,
// `X.prototype.tool.call(`, a method destructured and called through `.call(`), a text mark of a call form (a `tools/list` handler), or the text mark of a framework
// that declares tools without a call (forms/declarations.ts). A new form adds its methods or mark there, not here.
import { CALL_FORMS } from './forms/call-forms';
import { DECLARATION_FORMS } from './forms/declarations';

const methods = [...new Set(CALL_FORMS.flatMap((form) => form.methods))].join('|');
const marks = [...CALL_FORMS.flatMap((form) => form.textMarks ?? []), ...DECLARATION_FORMS.map((form) => form.textMark)].map((mark) => mark.source);

const REGISTRATION_HINT = new RegExp(
  // Casts between the method and its arguments (`(server.registerTool as any)(`, `server.registerTool!(`) keep it a call of it.
  // An optional call (`server.registerTool?.(`), one through `.call(`/`.apply(`, and a bound alias (`.bind(`) are calls of it too.
  [`\\.\\s*(?:${methods})\\s*(?:<[^()]*>\\s*)?(?:!\\s*)?(?:(?:(?:as|satisfies)\\s+[^()]*?)?\\)\\s*)*(?:\\.\\s*(?:call|apply|bind)\\s*)?(?:\\?\\.\\s*)?\\(`, `\\[\\s*['"\`](?:${methods})['"\`]\\s*\\]`, ...marks].join('|'),
);

// A method read by destructuring (`const { registerTool: reg } = server`) and called through `.call(`/`.apply(`
// (`reg.call(server, …)`): the SDK's methods need their `this`, so a plain `reg(…)` registers nothing.
const DESTRUCTURED_METHOD = new RegExp(`\\{[^{}]*\\b(?:${methods})\\s*(?::\\s*[\\w$]+\\s*)?(?:,[^{}]*)?\\}\\s*=(?![=>])`);
const FUNCTION_CALL = /\.\s*(?:call|apply)\s*\(/;

export function mayRegisterTools(text: string): boolean {
  return REGISTRATION_HINT.test(text) || (DESTRUCTURED_METHOD.test(text) && FUNCTION_CALL.test(text));
}
