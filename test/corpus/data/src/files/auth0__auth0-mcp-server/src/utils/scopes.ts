import { TOOLS } from '../tools/index.js';
import type { Tool } from './types.js';

/**
 * Default scopes to be used when no specific scopes are provided.
 * This is an empty array, meaning no scopes are required by default to
 * promote security by default.
 */
export const DEFAULT_SCOPES: string[] = [];

/**
 * Returns a unique list of all required scopes across all tools.
 */
export function getAllScopes(): string[] {
  const allScopes = TOOLS.flatMap((tool) => tool._meta?.requiredScopes ?? []);
  return [...new Set(allScopes)];
}

/**
 * Returns all tools whose required scopes are fully satisfied by the provided scopes.
 * Tools without declared requiredScopes are excluded.
 *
 * @param {string[]} scopes - The set of OAuth scopes available to the caller.
 * @returns {Tool[]} - Tools that declare requiredScopes and whose every required
 *                     scope is present in the provided set.
 */
export function getToolsForScopes(scopes: string[]): Tool[] {
  const scopeSet = new Set(scopes);
  return TOOLS.filter((tool) => {
    const requiredScopes = tool._meta?.requiredScopes;
    if (!requiredScopes || requiredScopes.length === 0) return false;
    return requiredScopes.every((s) => scopeSet.has(s));
  });
}
