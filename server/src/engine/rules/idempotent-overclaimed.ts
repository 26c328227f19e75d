import { checkContradiction, evidencePhrase } from '../contradiction';
import type { Rule } from './rule';
import { exampleFile, ZOD } from './example';

export const idempotentOverclaimed: Rule = {
  id: 'idempotent-overclaimed',
  defaultSeverity: 'warning',
  docs: {
    what: '`idempotentHint: true` on a tool that sends, creates, appends, posts, increments or charges.',
    why:
      'Since MCP 2026-07-28 a broken response stream is not resumed: the client re-issues the call, and only idempotentHint ' +
      'tells it whether that is safe. A tool that sends an email or inserts a row twice on retry must not claim it, unless ' +
      'it takes an idempotency key.',
    examples: [
      {
        bad: exampleFile([ZOD, 'import nodemailer from "nodemailer";'], `const transporter = nodemailer.createTransport({ host: "smtp.example.com" });\n\nserver.registerTool("send_email", { inputSchema: { to: z.string(), text: z.string() }, annotations: { idempotentHint: true } }, async (m) => {\n  await transporter.sendMail(m);\n  return { content: [] };\n});`),
        good: exampleFile([ZOD, 'import nodemailer from "nodemailer";'], `const transporter = nodemailer.createTransport({ host: "smtp.example.com" });\n\nserver.registerTool("send_email", { inputSchema: { to: z.string(), text: z.string() }, annotations: { idempotentHint: false } }, async (m) => {\n  await transporter.sendMail(m);\n  return { content: [] };\n});`),
      },
    ],
  },
  check(context) {
    return checkContradiction(context, 'idempotentHint', true, evidencePhrase);
  },
};
