import type { Rule } from './rule';

/** Keys that express who may call a tool: permissions, not behaviour. */
export const AUTHORIZATION_KEY = /^(admin(Only)?|requires?(Auth|Admin|Role|Permission|Login)s?|roles?|scopes?|permissions?|auth(orization|orized|Required)?|allowedRoles|allowedUsers|requiredRoles?|requiredScopes?|access(Level)?|private|internalOnly|owner(Only)?)$/i;

export const authorizationInAnnotations: Rule = {
  id: 'authorization-in-annotations',
  defaultSeverity: 'warning',
  docs: {
    what: 'Annotation keys that express permission (`adminOnly`, `roles`, `scopes`, `requiresAuth`).',
    why:
      'Annotations are untrusted hints that the SDK strips of unknown keys; no host enforces them. Authorization must be ' +
      'checked in the handler or the transport, never declared in annotations.',
    examples: [{ bad: `annotations: { readOnlyHint: false, adminOnly: true }`, good: `annotations: { readOnlyHint: false } // and check the caller's role in the handler` }],
  },
  check(context) {
    const { tool } = context;
    if (!tool.declared) return [];
    return tool.declared.properties
      .filter((p) => AUTHORIZATION_KEY.test(p.key))
      .map((property) => ({
        message: `"${property.key}" expresses permission, but annotations are hints that no host enforces (and the SDK drops this key). Check authorization in the handler.`,
        loc: property.keyLoc,
      }));
  },
};
