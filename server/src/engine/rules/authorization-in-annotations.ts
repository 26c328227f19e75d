import type { Rule } from './rule';
import { exampleFile } from './example';

/** Keys that express who may call a tool: permissions, not behaviour. */
export const AUTHORIZATION_KEY = /^(admin(Only)?|requires?(Auth|Admin|Role|Permission|Login)s?|roles?|scopes?|permissions?|auth(orization|orized|Required)?|allowedRoles|allowedUsers|requiredRoles?|requiredScopes?|access(Level)?|private|internalOnly|owner(Only)?)$/i;

export const authorizationInAnnotations: Rule = {
  id: 'authorization-in-annotations',
  aboutCode: true,
  defaultSeverity: 'warning',
  docs: {
    what: 'Annotation keys that express permission (`adminOnly`, `roles`, `scopes`, `requiresAuth`).',
    why:
      'Annotations are untrusted hints that the SDK strips of unknown keys; no host enforces them. Authorization must be ' +
      'checked in the handler or the transport, never declared in annotations.',
    examples: [
      {
        bad: exampleFile([], `server.registerTool("reset_password", { description: "Resets a password", annotations: { readOnlyHint: false, adminOnly: true } }, async () => ({ content: [] }));`),
        good: exampleFile([], `server.registerTool("reset_password", { description: "Resets a password", annotations: { readOnlyHint: false } }, async (_args, extra) => {\n  // Check the caller's role here: annotations are hints, not permissions.\n  if (!extra.authInfo?.scopes.includes("admin")) throw new Error("forbidden");\n  return { content: [] };\n});`),
      },
    ],
  },
  check(context) {
    const { tool } = context;
    if (!tool.declared) return [];
    return tool.declared.properties
      .filter((p) => AUTHORIZATION_KEY.test(p.key))
      .map((property) => ({
        message: `"${property.key}" expresses permission, but no host enforces annotations.`,
        detail: 'Annotations are hints for the host\'s prompts, and the SDK drops this key before any host sees it. Check authorization in the handler.',
        loc: property.keyLoc,
      }));
  },
};
